import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { isStatusError } from "./api/errors";
import { useAuthStore } from "./features/auth/auth-store";
import { setSessionNavigator } from "./features/auth/session";
import { createAppRouter } from "./features/router/routes";
import { LiveRegions } from "./features/live/LiveRegions";
import { TooltipHost } from "./features/tooltip/TooltipHost";
import { getGlobals } from "./lib/globals";

/** SPEC.md §9: the loading splash of index.html goes 200 ms after the first render. */
const SPLASH_DELAY_MS = 200;

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; connection problems might.
        retry: (count, error) => !(isStatusError(error) && error.status >= 400) && count < 2,
      },
    },
  });
}

export function App() {
  const [router] = useState(() => createAppRouter(getGlobals().BaseURL));
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    setSessionNavigator((to) => void router.navigate(to, { replace: true }));
  }, [router]);

  // Nothing cached for one user may be shown to the next.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) queryClient.clear();
      }),
    [queryClient],
  );

  useEffect(() => {
    const timer = setTimeout(() => document.getElementById("loading")?.remove(), SPLASH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <TooltipHost />
      <LiveRegions />
    </QueryClientProvider>
  );
}
