import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { GlobalSettingsPage } from "./GlobalSettingsPage";
import type { GlobalSectionId } from "./sections";

/**
 * For the tests: the global settings page at one section, in a router as in the app
 * (/settings/global/{section}); `router.navigate` moves to another.
 */
export function renderGlobalSettings(section: GlobalSectionId) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/settings/global/:section", element: <GlobalSettingsPage /> },
      { path: "/files/*", element: <p>files page</p> },
    ],
    { initialEntries: [`/settings/global/${section}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
