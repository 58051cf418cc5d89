import { QueryClient } from "@tanstack/react-query";
import { isStatusError } from "../api/errors";
import { useAuthStore } from "./auth-store";

/**
 * The server-state cache of the signed-in pages (TanStack Query), one for the page's life. It
 * lives with the layout's chunk: the login page has no server state and does not load it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; connection problems might.
      retry: (count, error) => !(isStatusError(error) && error.status >= 400) && count < 2,
    },
  },
});

// Nothing cached for one user may be shown to the next.
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) queryClient.clear();
});
