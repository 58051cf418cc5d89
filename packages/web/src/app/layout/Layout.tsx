import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { useActionContext, useActionShortcuts } from "../../actions";
import { PromptHost } from "../../prompts";
import { queryClient } from "../../state/query-client";
import { Header } from "./Header";
import { HeaderActions } from "./HeaderActions";
import { useLayoutStore } from "../../state/layout-store";
import { useGlobals } from "../../lib/globals";
import { SearchOverlay } from "../../features/search";
import { ShellPanel } from "../../features/shell/ShellPanel";
import { UploadStatus } from "../../features/upload/UploadStatus";
import { Sidebar } from "./Sidebar";
import "./layout.css";

/**
 * Header, sidebar and the page: the frame of every page except login. The order in the
 * document is the order of Tab: the skip link, the header, the navigation, the header's
 * actions, then the page.
 */
export function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

/** The frame itself, inside the server-state cache that its actions and pages read. */
function Frame() {
  const { t } = useTranslation();
  const open = useLayoutStore((state) => state.sidebarOpen);
  const close = useLayoutStore((state) => state.closeSidebar);
  const { pathname } = useLocation();
  // The keyboard layer of the actions, and the dialogs: only signed-in pages and shares use
  // them, so the login page does not load them.
  const ctx = useActionContext();
  useActionShortcuts(ctx);
  // Saved branding (name, colour…) re-renders the frame: the header and sidebar show it at once.
  useGlobals();

  // The drawer closes when the user navigates, and with Escape (focus back on its button).
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      close();
      document.querySelector<HTMLElement>('[data-testid="menu-button"]')?.focus();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [open, close]);

  const skip = (event: React.MouseEvent) => {
    event.preventDefault();
    document.getElementById("main")?.focus();
  };

  return (
    <>
      <div className="app">
        <a className="skip-link" href="#main" onClick={skip} data-testid="skip-link">
          {t("header.skipToContent")}
        </a>
        <Header />
        <Sidebar open={open} />
        {open && <div className="sidebar-backdrop" onClick={close} aria-hidden="true" />}
        <HeaderActions />
        <main className="app-main" id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <ShellPanel />
        <UploadStatus />
        <SearchOverlay />
      </div>
      <PromptHost />
    </>
  );
}
