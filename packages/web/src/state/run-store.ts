import type { ToolRunResult } from "@scriptorium/shared";
import { create } from "zustand";
import type { ToolRunRequest } from "../api/tools-api";

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
  /**
   * By source path: what saves that file's unsaved edits first (the editor registers it while
   * the file is open), so a tool never compiles an older text than the one on screen. Answers
   * false when the text could not be saved.
   */
  savers: Record<string, () => Promise<boolean>>;
  record: (run: LastRun) => void;
  setRunning: (running: RunState["running"]) => void;
  /** Registers the saver of `source`; the answer unregisters it. */
  registerSaver: (source: string, save: () => Promise<boolean>) => () => void;
}

export const useRunStore = create<RunState>((set) => ({
  lastRuns: {},
  running: null,
  savers: {},
  registerSaver: (source, save) => {
    set((s) => ({ savers: { ...s.savers, [source]: save } }));
    return () =>
      set((s) => {
        if (s.savers[source] !== save) return s;
        const rest = { ...s.savers };
        delete rest[source];
        return { savers: rest };
      });
  },
  record: (run) => set((s) => ({ lastRuns: { ...s.lastRuns, [run.request.source]: run } })),
  setRunning: (running) => set({ running }),
}));

/** Saves the editor's unsaved text of `source`, if it is open; false when saving failed. */
export async function saveBeforeRun(source: string): Promise<boolean> {
  const save = useRunStore.getState().savers[source];
  return save ? save() : true;
}
