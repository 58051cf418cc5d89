import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect } from "react";
import { useRef, useState, type RefObject } from "react";

/**
 * Where settings forms report whether they hold unsaved changes (issue 31: the global settings'
 * sections). Outside such a provider, forms track nothing and their button is always enabled.
 */
export const SettingsChangesContext = createContext<
  ((formId: string, changed: boolean) => void) | null
>(null);

/**
 * The fields of a form as they stand: each control's value, or whether it is checked. A control
 * marked `data-untracked` (a picker that only chooses what is shown) is left out; what it shows
 * then counts through a hidden input holding the whole value.
 */
export function formSnapshot(form: HTMLFormElement): string {
  const values: (string | boolean)[] = [];
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLElement && element.dataset.untracked !== undefined) continue;
    if (element instanceof HTMLInputElement) {
      if (["button", "submit", "reset", "file"].includes(element.type)) continue;
      values.push(
        element.type === "checkbox" || element.type === "radio" ? element.checked : element.value,
      );
    } else if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
      values.push(element.value);
    }
  }
  // The number of controls counts too: a rule added or removed is a change.
  return JSON.stringify(values);
}

/**
 * Whether the form's fields differ from what they were when it appeared (a form is shown again,
 * from the saved values, after a save), reported to the SettingsChangesContext; null outside
 * one. Checked after every render and on every input, so a value typed and then typed back
 * is no change.
 */
export function useSettingsChanges(form: RefObject<HTMLFormElement | null>): {
  changed: boolean | null;
  check: () => void;
} {
  const report = useContext(SettingsChangesContext);
  const id = useId();
  const baseline = useRef<string | null>(null);
  const [changed, setChanged] = useState(false);
  const check = useCallback(() => {
    if (!report || !form.current) return;
    const now = formSnapshot(form.current);
    baseline.current ??= now;
    setChanged(now !== baseline.current);
  }, [report, form]);
  useLayoutEffect(check);
  useEffect(() => report?.(id, changed), [report, id, changed]);
  useEffect(() => () => report?.(id, false), [report, id]);
  return { changed: report ? changed : null, check };
}
