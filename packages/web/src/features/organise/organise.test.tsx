import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { StatusError } from "../../api/errors";
import { getCurrentResource } from "../../state/current-resource";
import {
  folder,
  item,
  renderAt,
  resetFilesPage,
  row,
  selectedNames,
  tree,
} from "../files/files-test-harness";
import { showPrompt } from "../../prompts";
import { useToastStore } from "../../state/toast-store";
import { clearClipboard, getClipboard } from "./clipboard-store";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

type Call = { name: string; path?: string; query?: Record<string, string> };
let calls: Call[] = [];
/** Calls that fail, by "name path", with the error to reject with. */
let failures: Record<string, Error> = {};

/** The fake server of the harness, recording the changes the page asks for. */
function server() {
  vi.mocked(apiCall).mockImplementation(((name: string, options?: Call) => {
    if (name === "getResource") {
      const found = tree[options?.path ?? ""];
      return found
        ? Promise.resolve(found)
        : Promise.reject(new StatusError("not found", 404, { code: "NOT_FOUND" }));
    }
    // A read, not a change: the edition tools' states (none configured here).
    if (name === "toolStates") return Promise.resolve({ sandbox: "off", tools: [] });
    calls.push({ name, path: options?.path, query: options?.query });
    const failure = failures[`${name} ${options?.path}`];
    return failure ? Promise.reject(failure) : Promise.resolve("");
  }) as typeof apiCall);
}

const changes = (name: string) => calls.filter((call) => call.name === name);
const listingLoads = () =>
  vi.mocked(apiCall).mock.calls.filter(([name, opts]) => {
    return name === "getResource" && (opts as { path?: string }).path === "/Opere/";
  }).length;
const toasts = (kind: string) =>
  useToastStore.getState().toasts.filter((toast) => toast.kind === kind);
const ctx = () => ({ current: getCurrentResource(), showPrompt }) as never;

beforeEach(() => {
  resetFilesPage();
  tree["/Opere/Libro I/"] = folder("/Opere/Libro I/", [item("/Opere/Libro I/", "Capitolo", true)]);
  tree["/Opere/Libro II/"] = folder("/Opere/Libro II/", [item("/Opere/Libro II/", "a.tex")]);
  calls = [];
  failures = {};
  server();
  clearClipboard();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.mocked(apiCall).mockReset());

async function openWith(...names: string[]) {
  const router = renderAt("/files/Opere/");
  await screen.findByTestId("listing");
  names.forEach((name, index) => fireEvent.click(row(name), { ctrlKey: index > 0 }));
  expect(selectedNames().sort()).toEqual([...names].sort());
  return router;
}

describe("rename", () => {
  it("F2 opens it for one item; the name is trimmed, the item stays selected", async () => {
    await openWith("a.tex");
    fireEvent.keyDown(window, { key: "F2" });
    const dialog = await screen.findByTestId("prompt-rename");
    const input = within(dialog).getByRole("textbox");
    expect((input as HTMLInputElement).value).toBe("a.tex");
    fireEvent.change(input, { target: { value: "  Indice #1.tex  " } });
    fireEvent.click(within(dialog).getByTestId("prompt-confirm"));
    await waitFor(() => expect(screen.queryByTestId("prompt-rename")).toBeNull());
    expect(changes("patchResource")).toEqual([
      {
        name: "patchResource",
        path: "/Opere/a.tex",
        query: {
          action: "rename",
          destination: "/Opere/Indice%20%231.tex",
          override: "false",
          rename: "false",
        },
      },
    ]);
  });

  it("does nothing with an empty or unchanged name, and refuses a path", async () => {
    await openWith("a.tex");
    fireEvent.keyDown(window, { key: "F2" });
    const dialog = await screen.findByTestId("prompt-rename");
    const input = within(dialog).getByRole("textbox");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input);
    expect(screen.getByTestId("prompt-rename")).toBeTruthy();
    fireEvent.change(input, { target: { value: "x/y.tex" } });
    expect(within(dialog).getByRole("alert").textContent).toContain("/");
    expect(within(dialog).getByTestId("prompt-confirm")).toHaveProperty("disabled", true);
    fireEvent.change(input, { target: { value: "a.tex.scriptorium-tmp" } });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Names ending with “.scriptorium-tmp” are reserved for files being written.",
    );
    expect(within(dialog).getByTestId("prompt-confirm")).toHaveProperty("disabled", true);
    fireEvent.submit(input);
    expect(screen.getByTestId("prompt-rename")).toBeTruthy();
    fireEvent.change(input, { target: { value: " a.tex " } });
    fireEvent.submit(input);
    await waitFor(() => expect(screen.queryByTestId("prompt-rename")).toBeNull());
    expect(calls).toEqual([]);
  });

  it("is not offered for two items, and keeps the prompt open on a conflict", async () => {
    await openWith("a.tex", "b.tex");
    fireEvent.keyDown(window, { key: "F2" });
    expect(screen.queryByTestId("prompt-rename")).toBeNull();
    fireEvent.click(row("a.tex"));
    expect(selectedNames()).toEqual(["b.tex"]);
    failures["patchResource /Opere/b.tex"] = new StatusError("The destination already exists", 409);
    fireEvent.keyDown(window, { key: "F2" });
    const dialog = await screen.findByTestId("prompt-rename");
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "a.tex" } });
    fireEvent.click(within(dialog).getByTestId("prompt-confirm"));
    await waitFor(() => expect(toasts("error")).toHaveLength(1));
    expect(toasts("error")[0]?.message).toBe("The destination already exists");
    expect(screen.getByTestId("prompt-rename")).toBeTruthy();
  });
});

describe("delete", () => {
  it("the Delete key asks about N items, then deletes each and reloads", async () => {
    await openWith("a.tex", "Libro I");
    const before = listingLoads();
    fireEvent.keyDown(window, { key: "Delete" });
    const dialog = await screen.findByTestId("prompt-delete");
    expect(dialog.textContent).toContain("Move these 2 items to the trash?");
    fireEvent.click(within(dialog).getByTestId("prompt-confirm"));
    await waitFor(() => expect(changes("deleteResource")).toHaveLength(2));
    expect(changes("deleteResource").map((call) => call.path)).toEqual([
      "/Opere/Libro I",
      "/Opere/a.tex",
    ]);
    await waitFor(() => expect(listingLoads()).toBeGreaterThan(before));
  });

  it("after a failed multi-delete the listing reloads and the server's message shows", async () => {
    failures["deleteResource /Opere/b.tex"] = new StatusError("Permission denied", 403);
    await openWith("a.tex", "b.tex");
    const before = listingLoads();
    fireEvent.keyDown(window, { key: "Delete" });
    fireEvent.click(
      within(await screen.findByTestId("prompt-delete")).getByTestId("prompt-confirm"),
    );
    await waitFor(() => expect(toasts("error")).toHaveLength(1));
    expect(toasts("error")[0]?.message).toBe("b.tex: Permission denied");
    await waitFor(() => expect(listingLoads()).toBeGreaterThan(before));
  });

  it("names the single item", async () => {
    await openWith("b.tex");
    fireEvent.keyDown(window, { key: "Delete" });
    const dialog = await screen.findByTestId("prompt-delete");
    expect(dialog.textContent).toContain("Move this item to the trash?");
    expect(within(dialog).getByTestId("prompt-names").textContent).toBe("b.tex");
  });
});

describe("move and copy", () => {
  it("moves through the picker; move is disabled in the items' own folder", async () => {
    await openWith("a.tex");
    const { moveAction } = await import("./actions");
    act(() => void moveAction.perform(ctx()));
    const dialog = await screen.findByTestId("prompt-move");
    const confirm = within(dialog).getByTestId("prompt-confirm");
    expect(confirm).toHaveProperty("disabled", true);
    const target = await within(dialog).findByText("Libro I");
    fireEvent.click(target);
    expect(confirm).toHaveProperty("disabled", false);
    fireEvent.click(confirm);
    await waitFor(() => expect(changes("patchResource")).toHaveLength(1));
    expect(changes("patchResource")[0]?.query).toEqual({
      action: "rename",
      destination: "/Opere/Libro%20I/a.tex",
      override: "false",
      rename: "false",
    });
    await waitFor(() =>
      expect(toasts("success")[0]?.message).toBe("Moved to \u2066/Opere/Libro I/\u2069"),
    );
  });

  it("a conflict asks: Rename sends rename=true, Replace override=true, Cancel nothing", async () => {
    const { moveAction } = await import("./actions");
    await openWith("a.tex", "b.tex");
    const answers = ["replace-rename-rename", "replace-rename-replace", "replace-rename-cancel"];
    for (const answer of answers) {
      act(() => void moveAction.perform(ctx()));
      const dialog = await screen.findByTestId("prompt-move");
      fireEvent.click(await within(dialog).findByText("Libro II"));
      fireEvent.click(within(dialog).getByTestId("prompt-confirm"));
      const ask = await screen.findByTestId("prompt-replace-rename");
      expect(within(ask).getByTestId("prompt-names").textContent).toBe("a.tex");
      fireEvent.click(within(ask).getByTestId(answer));
      await waitFor(() => expect(screen.queryByTestId("prompt-replace-rename")).toBeNull());
    }
    await waitFor(() => expect(changes("patchResource")).toHaveLength(4));
    const flags = changes("patchResource").map((call) => [
      call.path,
      call.query?.rename,
      call.query?.override,
    ]);
    expect(flags).toEqual([
      ["/Opere/a.tex", "true", "false"],
      ["/Opere/b.tex", "false", "false"],
      ["/Opere/a.tex", "false", "true"],
      ["/Opere/b.tex", "false", "false"],
    ]);
  });

  it("copying into the same folder renames without asking", async () => {
    await openWith("a.tex");
    const { copyAction } = await import("./actions");
    act(() => void copyAction.perform(ctx()));
    const dialog = await screen.findByTestId("prompt-copy");
    fireEvent.click(within(dialog).getByTestId("prompt-confirm"));
    await waitFor(() => expect(changes("patchResource")).toHaveLength(1));
    expect(changes("patchResource")[0]?.query).toMatchObject({
      action: "copy",
      destination: "/Opere/a.tex",
      rename: "true",
    });
    expect(screen.queryByTestId("prompt-replace-rename")).toBeNull();
  });

  it("a folder cannot be moved into itself", async () => {
    await openWith("Libro I");
    const { moveAction } = await import("./actions");
    act(() => void moveAction.perform(ctx()));
    const dialog = await screen.findByTestId("prompt-move");
    const own = (await within(dialog).findAllByTestId("folder-picker-item")).find(
      (el) => el.dataset.name === "Libro I",
    );
    expect(own?.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(own as HTMLElement);
    expect(within(dialog).getByTestId("prompt-confirm")).toHaveProperty("disabled", true);
  });
});

describe("clipboard", () => {
  it("cut, navigate, paste: moves there and clears the clipboard", async () => {
    const router = await openWith("a.tex", "b.tex");
    fireEvent.keyDown(window, { key: "x", ctrlKey: true });
    expect(getClipboard()).toMatchObject({ key: "x", path: "/Opere/" });
    await waitFor(() => expect(row("a.tex").className).toContain("item--cut"));
    // Pasting where they are does nothing.
    fireEvent.keyDown(window, { key: "v", ctrlKey: true });
    await act(() => router.navigate("/files/Opere/Libro%20I/"));
    await screen.findByText("Capitolo");
    fireEvent.keyDown(window, { key: "v", metaKey: true });
    await waitFor(() => expect(changes("patchResource")).toHaveLength(2));
    expect(changes("patchResource").map((call) => call.query?.destination)).toEqual([
      "/Opere/Libro%20I/a.tex",
      "/Opere/Libro%20I/b.tex",
    ]);
    await waitFor(() => expect(getClipboard().key).toBeNull());
  });

  it("copy then paste elsewhere asks on a conflict; the clipboard stays", async () => {
    const router = await openWith("a.tex");
    fireEvent.keyDown(window, { key: "c", ctrlKey: true });
    await act(() => router.navigate("/files/Opere/Libro%20II/"));
    await screen.findByTestId("listing");
    fireEvent.keyDown(window, { key: "v", ctrlKey: true });
    const ask = await screen.findByTestId("prompt-replace-rename");
    fireEvent.click(within(ask).getByTestId("replace-rename-rename"));
    await waitFor(() => expect(changes("patchResource")).toHaveLength(1));
    expect(changes("patchResource")[0]?.query).toMatchObject({
      action: "copy",
      destination: "/Opere/Libro%20II/a.tex",
      rename: "true",
    });
    expect(getClipboard().key).toBe("c");
  });
});

describe("without the rename permission", () => {
  it("items cannot be dragged and folders take no drop", async () => {
    const { useAuthStore } = await import("../../state/auth-store");
    const user = useAuthStore.getState().user;
    useAuthStore.getState().patchUser({ perm: { ...user!.perm, rename: false } });
    await openWith("a.tex");
    expect(row("a.tex").getAttribute("draggable")).toBe("false");
    expect(row("Libro I").getAttribute("draggable")).toBe("false");
    fireEvent.keyDown(window, { key: "F2" });
    fireEvent.keyDown(window, { key: "x", ctrlKey: true });
    expect(screen.queryByTestId("prompt-rename")).toBeNull();
    expect(getClipboard().key).toBeNull();
    const data = dataTransfer();
    fireEvent.dragOver(row("Libro I"), { dataTransfer: data });
    expect(row("Libro I").dataset.dropTarget).toBeUndefined();
  });
});

/** A stand-in for the browser's DataTransfer (jsdom has none). */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
    setDragImage: vi.fn(),
    effectAllowed: "all",
    dropEffect: "none",
  };
}

describe("drag and drop", () => {
  it("drags the selection onto a folder, which lights up, and moves it there", async () => {
    await openWith("a.tex", "b.tex");
    const data = dataTransfer();
    fireEvent.dragStart(row("a.tex"), { dataTransfer: data });
    expect(data.types).toEqual(["application/x-scriptorium-items"]);
    expect(data.setDragImage).toHaveBeenCalled();
    await waitFor(() => expect(row("b.tex").className).toContain("item--dragging"));
    // Not a target: a file, the dragged items' own folder.
    fireEvent.dragOver(row("tavola.png"), { dataTransfer: data });
    expect(row("tavola.png").dataset.dropTarget).toBeUndefined();
    fireEvent.dragOver(row("Libro I"), { dataTransfer: data });
    await waitFor(() => expect(row("Libro I").dataset.dropTarget).toBe("true"));
    fireEvent.drop(row("Libro I"), { dataTransfer: data });
    await waitFor(() => expect(changes("patchResource")).toHaveLength(2));
    expect(changes("patchResource").map((call) => call.query?.destination)).toEqual([
      "/Opere/Libro%20I/a.tex",
      "/Opere/Libro%20I/b.tex",
    ]);
    expect(row("Libro I").dataset.dropTarget).toBeUndefined();
  });

  it("drops onto a breadcrumb, but not onto the folder on screen", async () => {
    renderAt("/files/Opere/Libro%20I/");
    await screen.findByText("Capitolo");
    const data = dataTransfer();
    fireEvent.dragStart(row("Capitolo"), { dataTransfer: data });
    const crumbs = screen.getByTestId("breadcrumbs");
    const here = within(crumbs).getByRole("link", { name: "Libro I" });
    fireEvent.dragOver(here, { dataTransfer: data });
    expect(here.dataset.dropTarget).toBeUndefined();
    const parent = within(crumbs).getByRole("link", { name: "Opere" });
    fireEvent.dragOver(parent, { dataTransfer: data });
    await waitFor(() => expect(parent.dataset.dropTarget).toBe("true"));
    fireEvent.drop(parent, { dataTransfer: data });
    await waitFor(() => expect(changes("patchResource")).toHaveLength(1));
    expect(changes("patchResource")[0]).toMatchObject({
      path: "/Opere/Libro I/Capitolo",
      query: { action: "rename", destination: "/Opere/Capitolo" },
    });
  });

  it("leaves drops of desktop files alone", async () => {
    await openWith();
    const files = { ...dataTransfer(), types: ["Files"], items: [], files: [] };
    fireEvent.dragOver(row("Libro I"), { dataTransfer: files });
    expect(row("Libro I").dataset.dropTarget).toBeUndefined();
    fireEvent.drop(row("Libro I"), { dataTransfer: files });
    expect(changes("patchResource")).toEqual([]);
  });

  it("an unselected item is dragged alone and becomes the selection", async () => {
    await openWith("a.tex");
    const data = dataTransfer();
    fireEvent.dragStart(row("b.tex"), { dataTransfer: data });
    expect(selectedNames()).toEqual(["b.tex"]);
    expect(JSON.parse(data.getData("application/x-scriptorium-items"))).toEqual([
      { from: "/Opere/b.tex", name: "b.tex", isDir: false },
    ]);
    fireEvent.dragEnd(row("b.tex"), { dataTransfer: data });
  });
});
