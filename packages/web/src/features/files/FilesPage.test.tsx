import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { useAuthStore } from "../../state/auth-store";
import { useSelectionStore } from "../../state/selection-store";
import {
  folder,
  item,
  renderAt,
  resetFilesPage,
  row,
  rows,
  selectedNames,
  tree,
} from "./files-test-harness";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

beforeEach(resetFilesPage);
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

  it("is one Tab stop moved in with the keys: arrows, Space, Shift+arrows, type-ahead, Enter", async () => {
    const router = renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const listbox = screen.getByTestId("listing-items");
    expect(listbox.tabIndex).toBe(0);
    expect(rows().every((el) => !el.hasAttribute("tabindex"))).toBe(true);
    act(() => listbox.focus());
    // Focus lands on the first item; the arrows move without selecting.
    expect(listbox.getAttribute("aria-activedescendant")).toBe(row("Libro I").id);
    fireEvent.keyDown(listbox, { key: "ArrowDown" });
    fireEvent.keyDown(listbox, { key: "ArrowDown" });
    expect(listbox.getAttribute("aria-activedescendant")).toBe(row("a.tex").id);
    expect(selectedNames()).toEqual([]);
    fireEvent.keyDown(listbox, { key: " " });
    expect(selectedNames()).toEqual(["a.tex"]);
    fireEvent.keyDown(listbox, { key: "ArrowDown", shiftKey: true });
    fireEvent.keyDown(listbox, { key: "ArrowDown", shiftKey: true });
    expect(selectedNames()).toEqual(["a.tex", "b.tex", "tavola.png"]);
    fireEvent.keyDown(listbox, { key: "ArrowUp", shiftKey: true });
    expect(selectedNames()).toEqual(["a.tex", "b.tex"]);
    fireEvent.keyDown(listbox, { key: "End" });
    expect(listbox.getAttribute("aria-activedescendant")).toBe(row("tavola.png").id);
    // Type-ahead wraps round; the same letter again goes to the next name with it.
    fireEvent.keyDown(listbox, { key: "l" });
    expect(listbox.getAttribute("aria-activedescendant")).toBe(row("Libro I").id);
    fireEvent.keyDown(listbox, { key: "l" });
    expect(listbox.getAttribute("aria-activedescendant")).toBe(row("Libro II").id);
    fireEvent.keyDown(listbox, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/Libro%20II/"));
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

  it("never opens the editor on a text file whose content the server withheld (no download)", async () => {
    tree["/Opere/a.tex"] = { ...item("/Opere/", "a.tex"), size: 120 };
    renderAt("/files/Opere/a.tex");
    expect(await screen.findByTestId("preview")).toBeTruthy();
    expect(screen.queryByTestId("editor")).toBeNull();
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
    const { switchViewAction } = await import("../listing/actions");
    await act(() => switchViewAction.perform({} as never));
    expect(screen.getByTestId("listing").dataset.view).toBe("mosaic");
    expect(screen.getByTestId("listing").className).toContain("view-mosaic");
  });
});
