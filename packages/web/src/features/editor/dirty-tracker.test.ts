import { EditorState, Text } from "@codemirror/state";
import { describe, expect, it, vi } from "vitest";
import { createDirtyTracker } from "./dirty-tracker";

const text = (s: string) => Text.of(s.split("\n"));

describe("dirty tracker", () => {
  it("reports only when the flag flips, and undoing back to the saved text clears it", () => {
    const onChange = vi.fn();
    let state = EditorState.create({ doc: "\\Unit Testo.\n" });
    const tracker = createDirtyTracker(state.doc, onChange);

    state = state.update({ changes: { from: 0, insert: "a" } }).state;
    tracker.update(state.doc);
    state = state.update({ changes: { from: 1, insert: "b" } }).state;
    tracker.update(state.doc);
    expect(onChange.mock.calls).toEqual([[true]]);
    expect(tracker.dirty).toBe(true);

    state = state.update({ changes: { from: 0, to: 2 } }).state;
    tracker.update(state.doc);
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    expect(tracker.dirty).toBe(false);
  });

  it("a same-length edit is still a change", () => {
    const onChange = vi.fn();
    const tracker = createDirtyTracker(text("abc"), onChange);
    tracker.update(text("abd"));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it("after a save, the saved text is the new reference even if typing went on", () => {
    const onChange = vi.fn();
    const tracker = createDirtyTracker(text("one"), onChange);
    tracker.update(text("two"));
    expect(tracker.dirty).toBe(true);

    // Saved "two" while the user had already typed "two!".
    tracker.markSaved(text("two"), text("two!"));
    expect(tracker.dirty).toBe(true);
    tracker.markSaved(text("two!"), text("two!"));
    expect(tracker.dirty).toBe(false);
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });
});
