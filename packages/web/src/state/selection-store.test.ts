import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearSelection,
  clickSelection,
  enterScope,
  leaveScope,
  pruneSelection,
  selectAll,
  selectByClick,
  setMultiple,
  useSelectionStore,
} from "./selection-store";

const ORDER = ["a", "b", "c", "d", "e"];
const names = () => [...useSelectionStore.getState().selected].sort();

function reset() {
  useSelectionStore.setState({ scope: "/x/", selected: new Set(), anchor: null, multiple: false });
}

describe("clickSelection", () => {
  const none = { selected: new Set<string>(), anchor: null, multiple: false };

  it("a plain click selects only that item, and clicking it again deselects it", () => {
    const first = clickSelection({ ...none, selected: new Set(["a", "b"]) }, "c", ORDER);
    expect([...first.selected]).toEqual(["c"]);
    const again = clickSelection({ ...none, ...first }, "c", ORDER);
    expect([...again.selected]).toEqual([]);
  });

  it("shift adds the range from the anchor, in either direction", () => {
    const down = clickSelection({ ...none, selected: new Set(["b"]), anchor: "b" }, "d", ORDER, {
      shift: true,
    });
    expect([...down.selected].sort()).toEqual(["b", "c", "d"]);
    expect(down.anchor).toBe("b");
    const up = clickSelection({ ...none, selected: new Set(["d"]), anchor: "d" }, "a", ORDER, {
      shift: true,
    });
    expect([...up.selected].sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("ctrl or meta toggles one item and keeps the others", () => {
    const added = clickSelection({ ...none, selected: new Set(["a"]) }, "c", ORDER, {
      toggle: true,
    });
    expect([...added.selected].sort()).toEqual(["a", "c"]);
    const removed = clickSelection({ ...none, ...added }, "a", ORDER, { toggle: true });
    expect([...removed.selected]).toEqual(["c"]);
  });

  it("multiple mode makes plain clicks toggle", () => {
    const state = { selected: new Set(["a"]), anchor: "a", multiple: true };
    expect([...clickSelection(state, "b", ORDER).selected].sort()).toEqual(["a", "b"]);
  });
});

describe("selection store", () => {
  beforeEach(() => {
    reset();
    sessionStorage.clear();
  });

  it("clicks, select all, prune and clear", () => {
    selectByClick("b", ORDER);
    selectByClick("d", ORDER, { shift: true });
    expect(names()).toEqual(["b", "c", "d"]);
    selectAll(ORDER);
    expect(names()).toEqual(ORDER);
    pruneSelection(["a", "e"]);
    expect(names()).toEqual(["a", "e"]);
    clearSelection();
    expect(names()).toEqual([]);
  });

  it("keeps the set identity when nothing changes, so rows do not re-render", () => {
    selectAll(ORDER);
    const before = useSelectionStore.getState().selected;
    pruneSelection(ORDER);
    expect(useSelectionStore.getState().selected).toBe(before);
  });

  it("resets on route change, and restores the stored selection on a reload", () => {
    vi.useFakeTimers();
    try {
      enterScope("/books/");
      selectAll(["folio 1", "folio 2"]);
      vi.advanceTimersByTime(200);
      enterScope("/other/");
      expect(names()).toEqual([]);
      enterScope("/books/");
      expect(names()).toEqual([]);

      selectAll(["folio 1"]);
      setMultiple(true);
      vi.advanceTimersByTime(200);
      // A reload: the app starts again with nothing in memory.
      useSelectionStore.setState({ scope: null, selected: new Set(), anchor: null });
      enterScope("/books/");
      expect(names()).toEqual(["folio 1"]);

      leaveScope();
      vi.advanceTimersByTime(200);
      expect(useSelectionStore.getState().multiple).toBe(false);
      enterScope("/books/");
      expect(names()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the selection when the same page remounts at once (StrictMode)", () => {
    vi.useFakeTimers();
    try {
      enterScope("/books/");
      selectAll(["a"]);
      leaveScope();
      enterScope("/books/");
      vi.runAllTimers();
      expect(names()).toEqual(["a"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
