import { useMemo } from "react";
import { useRunStore } from "../../state/run-store";
import type { LineDiagnostic } from "../../slots/editor";

/**
 * The diagnostics of the last compiles that name `path`: those of its own last run and of any
 * other source's run that reported on it (a file it includes). Same list while nothing changes.
 */
export function useFileDiagnostics(path: string): LineDiagnostic[] {
  const lastRuns = useRunStore((state) => state.lastRuns);
  return useMemo(() => {
    const found: LineDiagnostic[] = [];
    for (const run of Object.values(lastRuns)) {
      for (const d of run.result.diagnostics) {
        if (d.file === path) found.push({ line: d.line, message: d.message, severity: d.severity });
      }
    }
    return found;
  }, [lastRuns, path]);
}
