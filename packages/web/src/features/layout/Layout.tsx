import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Header } from "./Header";
import { useLayoutStore } from "./layout-store";
import { SearchOverlay } from "../search";
import { ShellPanel } from "../shell/ShellPanel";
import { UploadStatus } from "../upload/UploadStatus";
import { Sidebar } from "./Sidebar";
import "./layout.css";

/** Header, sidebar and the page: the frame of every page except login. */
export function Layout() {
  const open = useLayoutStore((state) => state.sidebarOpen);
  const close = useLayoutStore((state) => state.closeSidebar);
  const { pathname } = useLocation();

  // The drawer closes when the user navigates.
  useEffect(() => close(), [pathname, close]);

  return (
    <div className="app">
      <Header />
      <Sidebar open={open} />
      {open && <div className="sidebar-backdrop" onClick={close} aria-hidden="true" />}
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <ShellPanel />
      <UploadStatus />
      <SearchOverlay />
    </div>
  );
}
