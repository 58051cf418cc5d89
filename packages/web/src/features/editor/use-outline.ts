import type { OutlineEntry } from "@scriptorium/shared";
import { useMemo, useState } from "react";
import type { CheckedDocument, CheckListener } from "./mauro-check/live-check";

/** An outline entry as the panel shows it (its line as of the last check). */
export type OutlineItem = Pick<OutlineEntry, "kind" | "title" | "level" | "line">;

/** What the outline panel knows of the document, from the live checker. */
export interface OutlineView {
  /** Null until the checker answered, or when the document is not Mauro-TeX. */
  items: OutlineItem[] | null;
  /** The document is LaTeX (no outline, no toggle). */
  latex: boolean;
  /** Index of the entry the cursor is in, -1 before the first. */
  current: number;
  listener: CheckListener;
}

function sameItems(a: readonly OutlineItem[] | null, b: readonly OutlineItem[]): boolean {
  return (
    a !== null &&
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i];
      return (
        y && x.kind === y.kind && x.title === y.title && x.level === y.level && x.line === y.line
      );
    })
  );
}

/** The outline of the edited document, updated after each check (same list while unchanged). */
export function useOutline(): OutlineView {
  const [items, setItems] = useState<OutlineItem[] | null>(null);
  const [latex, setLatex] = useState(false);
  const [current, setCurrent] = useState(-1);
  const listener = useMemo<CheckListener>(
    () => ({
      onChecked: (checked: CheckedDocument) => {
        setLatex(!checked.mauro);
        const next = checked.outline.map(({ kind, title, level, line }) => ({
          kind,
          title,
          level,
          line,
        }));
        setItems((previous) => (sameItems(previous, next) ? previous : next));
      },
      onCurrentPart: setCurrent,
    }),
    [],
  );
  return { items: latex ? null : items, latex, current, listener };
}
