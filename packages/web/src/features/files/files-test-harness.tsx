import type { Item, Resource } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import "../../app/register-actions";
import { useActionContext, useActionShortcuts } from "../../actions";
import { apiCall } from "../../api/client";
import { StatusError } from "../../api/errors";
import { useAuthStore } from "../../state/auth-store";
import { PromptHost, usePromptStore } from "../../prompts";
import "../../app/register-prompts";
import "../../app/file-views";
import { useSelectionStore } from "../../state/selection-store";
import { FilesPage } from "./FilesPage";

/*
 * Test harness of the /files page: a fake server answering from `tree` through the mocked
 * api/client (each test file calls vi.mock("../../api/client") itself), the page with the
 * keyboard layer and the prompt host, and a logged-in admin.
 */

const MODIFIED = "2024-10-04T22:08:29.123456789+02:00";

export function item(dir: string, name: string, isDir = false, type: Item["type"] = "text"): Item {
  return {
    path: `${dir}${name}`,
    name,
    size: isDir ? 4096 : 1536,
    extension: isDir ? "" : name.slice(name.lastIndexOf(".")),
    modified: MODIFIED,
    mode: isDir ? 2147484141 : 420,
    isDir,
    isSymlink: false,
    type: isDir ? "" : type,
  };
}

export function folder(path: string, items: Item[]): Resource {
  return {
    path,
    name: path.split("/").filter(Boolean).pop() ?? "files",
    size: 4096,
    extension: "",
    modified: MODIFIED,
    mode: 2147484141,
    isDir: true,
    isSymlink: false,
    type: "",
    items,
    numDirs: items.filter((i) => i.isDir).length,
    numFiles: items.filter((i) => !i.isDir).length,
    sorting: { by: "name", asc: true },
  };
}

export const OPERE = folder("/Opere/", [
  item("/Opere/", "Libro I", true),
  item("/Opere/", "Libro II", true),
  item("/Opere/", "a.tex"),
  item("/Opere/", "b.tex"),
  item("/Opere/", "tavola.png", false, "image"),
]);

/** The listings the fake server knows, by decoded path. */
export const tree: Record<string, Resource> = {};

export function fakeServer() {
  vi.mocked(apiCall).mockImplementation(((name: string, options?: { path?: string }) => {
    if (name === "getResource") {
      const found = tree[options?.path ?? ""];
      return found
        ? Promise.resolve(found)
        : Promise.reject(new StatusError("not found", 404, { code: "NOT_FOUND" }));
    }
    return Promise.resolve("");
  }) as typeof apiCall);
}

function Shell() {
  useActionShortcuts(useActionContext());
  return (
    <>
      <FilesPage />
      <PromptHost />
    </>
  );
}

export function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/files/*", element: <Shell /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

export const rows = () => screen.getAllByTestId("listing-item");
export const row = (name: string) => rows().find((el) => el.dataset.name === name) as HTMLElement;
export const selectedNames = () =>
  rows()
    .filter((el) => el.getAttribute("aria-selected") === "true")
    .map((el) => el.dataset.name);

/** A fresh page state: the Opere folder, an admin, no selection, no prompts. */
export function resetFilesPage() {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  for (const key of Object.keys(tree)) delete tree[key];
  tree["/Opere/"] = OPERE;
  fakeServer();
  useAuthStore.getState().setSession("token", {
    id: 1,
    username: "admin",
    locale: "en",
    viewMode: "list",
    singleClick: false,
    perm: {
      admin: true,
      execute: true,
      create: true,
      rename: true,
      modify: true,
      delete: true,
      share: true,
      download: true,
      unzip: true,
    },
    commands: [],
    lockPassword: false,
    hideDotfiles: false,
    dateFormat: false,
  });
  useSelectionStore.setState({ scope: null, selected: new Set(), anchor: null, multiple: false });
  usePromptStore.setState({ prompts: [] });
  sessionStorage.clear();
}
