import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { setSessionNavigator } from "./features/auth/session";
import { createAppRouter } from "./app/router/routes";
import { LiveRegions } from "./features/live/LiveRegions";
import { TooltipHost } from "./features/tooltip/TooltipHost";
import { getGlobals } from "./lib/globals";

/** SPEC.md §9: the loading splash of index.html goes 200 ms after the first render. */
const SPLASH_DELAY_MS = 200;

export function App() {
  const [router] = useState(() => createAppRouter(getGlobals().BaseURL));

  useEffect(() => {
    setSessionNavigator((to) => void router.navigate(to, { replace: true }));
  }, [router]);

  useEffect(() => {
    const timer = setTimeout(() => document.getElementById("loading")?.remove(), SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <RouterProvider router={router} />
      <TooltipHost />
      <LiveRegions />
    </>
  );
}
