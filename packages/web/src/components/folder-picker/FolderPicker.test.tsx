import type { Resource } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createEvent, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { StatusError } from "../../api/errors";
import { useAuthStore } from "../../state/auth-store";
import { folder, item, resetFilesPage } from "../../features/files/files-test-harness";
import { FolderPicker } from "./FolderPicker";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

const tree: Record<string, Resource> = {};
const created: string[] = [];

beforeEach(() => {
  resetFilesPage();
  for (const key of Object.keys(tree)) delete tree[key];
  created.length = 0;
  tree["/"] = folder("/", [item("/", "Opere", true), item("/", "note.txt")]);
  tree["/Opere/"] = folder("/Opere/", [
    item("/Opere/", "Libro I", true),
    item("/Opere/", "Libro II", true),
    item("/Opere/", "a.tex"),
  ]);
  tree["/Opere/Libro I/"] = folder("/Opere/Libro I/", []);
  vi.mocked(apiCall).mockImplementation(((name: string, options?: { path?: string }) => {
    const path = options?.path ?? "";
    if (name === "createResource") {
      created.push(path);
      const parent = path.replace(/[^/]+\/$/, "");
      const name = path.slice(parent.length, -1);
      const listing = tree[parent] as Resource;
      tree[parent] = folder(parent, [...(listing.items ?? []), item(parent, name, true)]);
      return Promise.resolve("");
    }
    const found = tree[path];
    return found ? Promise.resolve(found) : Promise.reject(new StatusError("not found", 404));
  }) as typeof apiCall);
});
afterEach(() => vi.mocked(apiCall).mockReset());

function renderPicker(props: Partial<Parameters<typeof FolderPicker>[0]> = {}) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FolderPicker initialPath="/Opere/" onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  return onChange;
}

const picker = () => screen.getByTestId("folder-picker");
const entry = (name: string) =>
  within(picker())
    .getAllByTestId("folder-picker-item")
    .find((el) => el.dataset.name === name) as HTMLElement;
/** A click at a given time (ms), for the 300 ms double-click window. */
function clickAt(element: HTMLElement, time: number) {
  const event = createEvent.click(element);
  Object.defineProperty(event, "timeStamp", { value: time });
  fireEvent(element, event);
}
const names = () =>
  within(picker())
    .queryAllByTestId("folder-picker-item")
    .map((el) => el.dataset.name);

describe("FolderPicker", () => {
  it("lists only folders; a click selects, a second click on it unselects", async () => {
    const onChange = renderPicker();
    await waitFor(() => expect(names()).toEqual(["Libro I", "Libro II"]));
    expect(onChange).toHaveBeenLastCalledWith("/Opere/");
    clickAt(entry("Libro II"), 1000);
    expect(entry("Libro II").getAttribute("aria-selected")).toBe("true");
    expect(onChange).toHaveBeenLastCalledWith("/Opere/Libro II/");
    clickAt(entry("Libro II"), 2000);
    expect(onChange).toHaveBeenLastCalledWith("/Opere/");
  });

  it("opens with a double click, goes up with '..', never above the root", async () => {
    const onChange = renderPicker();
    await waitFor(() => expect(names()).toContain("Libro I"));
    clickAt(entry("Libro I"), 1000);
    clickAt(entry("Libro I"), 1100);
    await waitFor(() => expect(picker().dataset.path).toBe("/Opere/Libro I/"));
    expect(onChange).toHaveBeenLastCalledWith("/Opere/Libro I/");
    expect(await within(picker()).findByTestId("folder-picker-empty")).toBeTruthy();
    fireEvent.click(within(picker()).getByTestId("folder-picker-up"));
    await waitFor(() => expect(picker().dataset.path).toBe("/Opere/"));
    fireEvent.click(within(picker()).getByTestId("folder-picker-up"));
    await waitFor(() => expect(names()).toEqual(["Opere"]));
    expect(picker().dataset.path).toBe("/");
    expect(within(picker()).queryByTestId("folder-picker-up")).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith("/");
  });

  it("opens with a single click with the singleClick setting, and from the path", async () => {
    useAuthStore.getState().patchUser({ singleClick: true });
    renderPicker();
    await waitFor(() => expect(names()).toContain("Libro I"));
    fireEvent.click(entry("Libro I"));
    await waitFor(() => expect(picker().dataset.path).toBe("/Opere/Libro I/"));
    const path = within(picker()).getByTestId("folder-picker-path");
    expect(path.textContent).toBe("OpereLibro I");
    fireEvent.click(within(path).getByText("Opere"));
    await waitFor(() => expect(picker().dataset.path).toBe("/Opere/"));
    fireEvent.click(within(path).getByRole("button", { name: "My files" }));
    await waitFor(() => expect(picker().dataset.path).toBe("/"));
  });

  it("creates a folder in the folder on display and selects it", async () => {
    const onChange = renderPicker({ allowCreate: true });
    await waitFor(() => expect(names()).toContain("Libro I"));
    fireEvent.click(within(picker()).getByTestId("folder-picker-new"));
    const input = within(picker()).getByTestId("folder-picker-new-name");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(created).toEqual([]);
    fireEvent.change(input, { target: { value: "  Libro III " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(names()).toContain("Libro III"));
    expect(created).toEqual(["/Opere/Libro III/"]);
    expect(entry("Libro III").getAttribute("aria-selected")).toBe("true");
    expect(onChange).toHaveBeenLastCalledWith("/Opere/Libro III/");
    expect(within(picker()).queryByTestId("folder-picker-new-name")).toBeNull();
  });

  it("offers no new folder without allowCreate, and refuses disabled folders", async () => {
    const onChange = renderPicker({ isDisabled: (path) => path === "/Opere/Libro I/" });
    await waitFor(() => expect(names()).toContain("Libro I"));
    expect(within(picker()).queryByTestId("folder-picker-new")).toBeNull();
    clickAt(entry("Libro I"), 1000);
    clickAt(entry("Libro I"), 1100);
    expect(entry("Libro I").getAttribute("aria-disabled")).toBe("true");
    expect(onChange).toHaveBeenLastCalledWith("/Opere/");
    expect(picker().dataset.path).toBe("/Opere/");
  });

  it("works with the keyboard: Space selects, Enter opens", async () => {
    const onChange = renderPicker();
    await waitFor(() => expect(names()).toContain("Libro I"));
    fireEvent.keyDown(entry("Libro II"), { key: " " });
    expect(onChange).toHaveBeenLastCalledWith("/Opere/Libro II/");
    fireEvent.keyDown(entry("Libro I"), { key: "Enter" });
    await waitFor(() => expect(picker().dataset.path).toBe("/Opere/Libro I/"));
  });
});

describe("keyboard", () => {
  it("is one Tab stop: the arrows move, Enter opens and the focus goes on into the folder", async () => {
    renderPicker();
    await screen.findAllByTestId("folder-picker-item");
    const options = () => within(picker()).getAllByRole("option");
    const stops = () => options().filter((el) => el.tabIndex === 0);
    expect(stops()).toEqual([screen.getByTestId("folder-picker-up")]);
    screen.getByTestId("folder-picker-up").focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(entry("Libro I"));
    expect(stops()).toEqual([entry("Libro I")]);
    fireEvent.keyDown(entry("Libro I"), { key: "End" });
    expect(document.activeElement).toBe(entry("Libro II"));
    fireEvent.keyDown(entry("Libro II"), { key: "Home" });
    expect(document.activeElement).toBe(screen.getByTestId("folder-picker-up"));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Enter" });
    await waitFor(() => expect(picker().dataset.path).toBe("/"));
    await waitFor(() => expect(document.activeElement).toBe(entry("Opere")));
  });
});
