import type { Diagnostic } from "@scriptorium/shared";
import { useMemo } from "react";
import { useRunStore } from "../../state/run-store";
import type { LineDiagnostic } from "../../slots/editor";

/** The file a diagnostic names is `path` (not a file outside the user's with the same name). */
const names = (d: Diagnostic, path: string) => !d.outside && d.file === path;

/**
 * The marks of the file `path` in the editor: the diagnostics of the last compiles that name
 * it, from its own last run and from any other source's run that reported on it (a style file
 * it loads, a file it includes, the `.m.tex` of a pipeline). Same list while nothing changes.
 */
export function useFileDiagnostics(path: string): LineDiagnostic[] {
  const lastRuns = useRunStore((state) => state.lastRuns);
  return useMemo(() => {
    const found: LineDiagnostic[] = [];
    for (const run of Object.values(lastRuns)) {
      for (const d of run.result.diagnostics) {
        if (names(d, path)) found.push({ line: d.line, message: d.message, severity: d.severity });
      }
    }
    return found;
  }, [lastRuns, path]);
}

/**
 * The list under the editor of `path`: every message of its own last compile, wherever it
 * belongs (the source, a style file, a file outside the user's), then the messages other
 * sources' last compiles left on it. Empty when there are none.
 */
export function useCompileMessages(path: string): Diagnostic[] {
  const lastRuns = useRunStore((state) => state.lastRuns);
  return useMemo(() => {
    const own = lastRuns[path]?.result.diagnostics ?? [];
    const others = Object.entries(lastRuns)
      .filter(([source]) => source !== path)
      .flatMap(([, run]) => run.result.diagnostics.filter((d) => names(d, path)));
    return [...own, ...others];
  }, [lastRuns, path]);
}
