import type { Text } from "@codemirror/state";

export interface DirtyTracker {
  /** Call with the document after each change; reports only when the flag flips. */
  update: (doc: Text) => void;
  /** The saved document is now `saved`; `current` is what the editor holds meanwhile. */
  markSaved: (saved: Text, current: Text) => void;
  readonly dirty: boolean;
}

/**
 * "Unsaved changes" without a React update per keystroke: the flag is recomputed on each change
 * but `onChange` runs only when it flips. Undoing back to the saved text clears it again.
 * `Text.eq` is cheap here: it fails fast on a different length and skips the subtrees an edit
 * left shared with the saved document, so even a 10 MiB file costs little per keystroke.
 */
export function createDirtyTracker(saved: Text, onChange: (dirty: boolean) => void): DirtyTracker {
  let base = saved;
  let dirty = false;
  const update = (doc: Text) => {
    const next = !doc.eq(base);
    if (next === dirty) return;
    dirty = next;
    onChange(next);
  };
  return {
    update,
    markSaved(nextSaved, current) {
      base = nextSaved;
      update(current);
    },
    get dirty() {
      return dirty;
    },
  };
}
