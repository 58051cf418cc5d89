import type { Resource, SearchResult, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { useActionContext, useActionShortcuts } from "../../actions";
import "../../app/register-actions";
import { useAuthStore } from "../../state/auth-store";
import { setCurrentResource } from "../../state/current-resource";
import { Header } from "../../app/layout/Header";
import { HeaderActions } from "../../app/layout/HeaderActions";
import { closeSearch } from "./search-store";
import { SearchOverlay } from ".";

/*
 * Test harness of the search overlay: the header and the keyboard layer over a page that shows
 * its location, a logged-in user, and a fake server behind a stubbed fetch (the overlay reads
 * the answer's headers, so it calls fetch itself rather than api/client).
 */

export const fetchMock = vi.fn<typeof fetch>();

export const urlOf = (input: RequestInfo | URL | undefined) =>
  new URL(input instanceof Request ? input.url : (input?.toString() ?? ""), "http://x");

/** The query string of the n-th request, decoded. */
export const sentQuery = (n: number) => urlOf(fetchMock.mock.calls[n]?.[0]).searchParams;

export function answer(results: SearchResult[], headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(results), {
    headers: { "Content-Type": "application/json", "X-Search-Index": "ready", ...headers },
  });
}

/** An error answer as the server sends it (status, code and message). */
export function failure(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ status, code, message }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** Every search answers `results` (or what `reply` makes of the request's URL). */
export function serve(reply: SearchResult[] | ((url: URL) => Response)) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(typeof reply === "function" ? reply(urlOf(input)) : answer(reply)),
  );
}

export function results(count: number, prefix = "voce"): SearchResult[] {
  return Array.from({ length: count }, (_, i) => ({ dir: false, path: `${prefix}-${i + 1}.txt` }));
}

function Page() {
  useActionShortcuts(useActionContext());
  const location = useLocation();
  return (
    <>
      <Header />
      <HeaderActions />
      <p data-testid="location">{location.pathname + location.search}</p>
      <SearchOverlay />
    </>
  );
}

export function renderPage(url = "/files/Opere/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/files/*", element: <Page /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const USER = {
  id: 1,
  username: "anna",
  locale: "en",
  viewMode: "list",
  singleClick: false,
  perm: { admin: false, create: true, rename: true, modify: true, delete: true, share: false },
  commands: [],
  lockPassword: false,
  hideDotfiles: false,
  dateFormat: false,
} as unknown as TokenUser;

/** A logged-in user looking at the folder `path` (null: no listing on screen). */
export function resetSearchPage(path: string | null = "/Opere/") {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  serve([]);
  closeSearch();
  useAuthStore.getState().setSession("t0k3n", USER);
  setCurrentResource(
    path === null
      ? null
      : { path, resource: { path, name: "Opere", isDir: true, items: [] } as unknown as Resource },
  );
}
