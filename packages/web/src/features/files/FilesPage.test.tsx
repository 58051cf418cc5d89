import type { Item, Resource } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../actions";
import { useActionContext, useActionShortcuts } from "../../actions";
import { apiCall } from "../../api/client";
import { StatusError } from "../../api/status-error";
import { useAuthStore } from "../auth/auth-store";
import { PromptHost } from "../prompts/PromptHost";
import { usePromptStore } from "../prompts/prompt-store";
import { useSelectionStore } from "../selection/selection-store";
import { FilesPage } from "./FilesPage";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

const MODIFIED = "2024-10-04T22:08:29.123456789+02:00";

function item(dir: string, name: string, isDir = false, type: Item["type"] = "text"): Item {
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

function folder(path: string, items: Item[]): Resource {
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

const OPERE = folder("/Opere/", [
  item("/Opere/", "Libro I", true),
  item("/Opere/", "Libro II", true),
  item("/Opere/", "a.tex"),
  item("/Opere/", "b.tex"),
  item("/Opere/", "tavola.png", false, "image"),
]);

/** The listings the fake server knows, by decoded path. */
let tree: Record<string, Resource> = {};

function fakeServer() {
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

function renderAt(url: string) {
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

const rows = () => screen.getAllByTestId("listing-item");
const row = (name: string) => rows().find((el) => el.dataset.name === name) as HTMLElement;
const selectedNames = () =>
  rows()
    .filter((el) => el.getAttribute("aria-selected") === "true")
    .map((el) => el.dataset.name);

beforeEach(() => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  tree = { "/Opere/": OPERE };
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
});

afterEach(() => vi.mocked(apiCall).mockReset());

describe("FilesPage listing", () => {
  it("renders the items in the order the server sent, with sizes and sort headers", async () => {
    renderAt("/files/Opere/");
    const listing = await screen.findByTestId("listing");
    expect(listing.dataset.view).toBe("list");
    expect(listing.className).toContain("view-list");
    expect(rows().map((el) => el.dataset.name)).toEqual([
      "Libro I",
      "Libro II",
      "a.tex",
      "b.tex",
      "tavola.png",
    ]);
    expect(row("a.tex").textContent).toContain("1.50 KiB");
    expect(row("Libro I").textContent).not.toContain("KiB");
    expect(screen.getByTestId("sort-name").dataset.order).toBe("asc");
    expect(apiCall).toHaveBeenCalledWith(
      "getResource",
      expect.objectContaining({ path: "/Opere/" }),
    );
  });

  it("selects with click, shift and ctrl; Escape clears and Ctrl+A selects all", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("Libro II"));
    expect(selectedNames()).toEqual(["Libro II"]);
    fireEvent.click(row("b.tex"), { shiftKey: true });
    expect(selectedNames()).toEqual(["Libro II", "a.tex", "b.tex"]);
    fireEvent.click(row("a.tex"), { ctrlKey: true });
    expect(selectedNames()).toEqual(["Libro II", "b.tex"]);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(selectedNames()).toEqual([]);
    fireEvent.keyDown(window, { key: "a", ctrlKey: true });
    expect(selectedNames()).toHaveLength(5);
    expect(screen.getByTestId("selection-count").textContent).toBe("5 selected");
  });

  it("opens a folder on double click and resets the selection", async () => {
    tree["/Opere/Libro I/"] = folder("/Opere/Libro I/", []);
    const router = renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("Libro I"));
    fireEvent.click(row("Libro I"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/Libro%20I/"));
    expect(await screen.findByTestId("listing-lonely")).toBeTruthy();
    expect(useSelectionStore.getState().selected.size).toBe(0);
  });

  it("opens on a single click with the singleClick setting", async () => {
    useAuthStore.getState().patchUser({ singleClick: true });
    const router = renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/a.tex"));
  });

  it("renders only a window of a 100,000-entry folder", async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => item("/big/", `f${i}.txt`));
    tree["/big/"] = folder("/big/", many);
    renderAt("/files/big/");
    await screen.findByTestId("listing");
    expect(screen.getByTestId("listing").dataset.count).toBe("100000");
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(100);
  });

  it("shows Data Mismatch when the answer is for another path", async () => {
    tree["/Opere/"] = folder("/Lettere/", []);
    renderAt("/files/Opere/");
    expect(await screen.findByTestId("data-mismatch")).toBeTruthy();
    expect(screen.queryByTestId("listing")).toBeNull();
  });

  it("shows the 404 view for a missing path", async () => {
    renderAt("/files/nowhere/");
    expect(await screen.findByTestId("error-404")).toBeTruthy();
  });

  it("saves the sorting and fetches the listing again", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(screen.getByTestId("sort-name"));
    expect(screen.getByTestId("sort-name").dataset.order).toBe("desc");
    await waitFor(() =>
      expect(apiCall).toHaveBeenCalledWith("updateUser", {
        params: { id: 1 },
        body: {
          what: "user",
          which: ["sorting"],
          data: { id: 1, sorting: { by: "name", asc: false } },
        },
      }),
    );
    await waitFor(() =>
      expect(vi.mocked(apiCall).mock.calls.filter(([name]) => name === "getResource")).toHaveLength(
        2,
      ),
    );
  });

  it("cycles the view mode from the header action", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const { switchViewAction } = await import("../../actions/listing");
    await act(() => switchViewAction.perform({} as never));
    expect(screen.getByTestId("listing").dataset.view).toBe("mosaic");
    expect(screen.getByTestId("listing").className).toContain("view-mosaic");
  });
});

describe("info prompt", () => {
  it("shows the selected file and computes a checksum on request", async () => {
    vi.mocked(apiCall).mockImplementation(((name: string, options?: { query?: object }) => {
      if (name === "getResource" && options?.query) {
        return Promise.resolve({ ...OPERE.items?.[2], checksums: { md5: "0123abcd" } });
      }
      return Promise.resolve(OPERE);
    }) as typeof apiCall);
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    const { infoAction } = await import("../../actions/listing");
    const { showPrompt } = await import("../prompts/prompt-store");
    act(
      () =>
        void infoAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-info");
    expect(within(dialog).getByTestId("info-name").textContent).toBe("a.tex");
    fireEvent.click(within(dialog).getByTestId("info-checksum-md5"));
    await waitFor(() =>
      expect(within(dialog).getByTestId("info-checksum-md5").textContent).toBe("0123abcd"),
    );
    expect(apiCall).toHaveBeenCalledWith("getResource", {
      path: "/Opere/a.tex",
      query: { checksum: "md5" },
    });
  });

  it("shows the folder counts of the listing when nothing is selected", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const { infoAction } = await import("../../actions/listing");
    const { showPrompt } = await import("../prompts/prompt-store");
    act(
      () =>
        void infoAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-info");
    expect(within(dialog).getByTestId("info-dirs").textContent).toBe("2");
    expect(within(dialog).getByTestId("info-files").textContent).toBe("3");
    expect(within(dialog).queryByTestId("info-checksum-md5")).toBeNull();
  });
});

describe("new entry prompts", () => {
  it("ignore an empty name, create in the current folder and open what they created", async () => {
    const router = renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const { newDirAction } = await import("../../actions/builtin");
    const { showPrompt } = await import("../prompts/prompt-store");
    act(
      () =>
        void newDirAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-new-dir");
    const input = within(dialog).getByRole("textbox");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input);
    expect(vi.mocked(apiCall).mock.calls.some(([name]) => name === "createResource")).toBe(false);

    tree["/Opere/Libro III/"] = folder("/Opere/Libro III/", []);
    fireEvent.change(input, { target: { value: " Libro III " } });
    fireEvent.submit(input);
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/Libro%20III/"));
    expect(apiCall).toHaveBeenCalledWith("createResource", {
      path: "/Opere/Libro III/",
      query: { override: "false" },
      rawBody: "",
    });
    expect(screen.queryByTestId("prompt-new-dir")).toBeNull();
  });
});
