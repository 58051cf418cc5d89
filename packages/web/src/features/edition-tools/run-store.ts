import type { Diagnostic, ToolRunResult } from "@scriptorium/shared";
import { create } from "zustand";
import type { ToolRunRequest } from "./tools-api";

/** What the workbench remembers of a source file's last compile. */
export interface LastRun {
  request: ToolRunRequest;
  result: ToolRunResult;
  /** When it finished (ms since epoch): panes reload their output when it changes. */
  at: number;
}

interface RunState {
  /** By source path: the last run of a tool on it (the editor's compile button repeats it). */
  lastRuns: Record<string, LastRun>;
  /** The source currently compiling, with the controller that cancels it. */
  running: { source: string; tool: string; controller: AbortController } | null;
  record: (run: LastRun) => void;
  setRunning: (running: RunState["running"]) => void;
}

export const useRunStore = create<RunState>((set) => ({
  lastRuns: {},
  running: null,
  record: (run) => set((s) => ({ lastRuns: { ...s.lastRuns, [run.request.source]: run } })),
  setRunning: (running) => set({ running }),
}));

/** The diagnostics of the last run on `source` that fall in `file` (default: the source). */
export function diagnosticsFor(source: string, file = source): Diagnostic[] {
  const run = useRunStore.getState().lastRuns[source];
  return run ? run.result.diagnostics.filter((d) => d.file === file) : [];
}
