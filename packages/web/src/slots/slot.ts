/*
 * A slot is a place in one feature that another feature fills, so that neither imports the
 * other (as VS Code's editor hosts contributions it does not know). The app fills each slot
 * once, in the module that loads with the page using it (app/file-views.tsx), before anything
 * renders the slot; an empty slot gives its fallback.
 */
export interface Slot<T> {
  /** What fills the slot, else the fallback. */
  get: () => T;
  /** Fills the slot; filling it again replaces what was there. */
  fill: (value: T) => void;
}

export function createSlot<T>(fallback: T): Slot<T> {
  let value = fallback;
  return {
    get: () => value,
    fill: (next) => {
      value = next;
    },
  };
}
