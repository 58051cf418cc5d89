import { isTexFile } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useUser } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { cancelCompile, compileRequest, runCompile } from "./compile";
import { useFileDiagnostics } from "./use-file-diagnostics";
import { useWorkbenchStore } from "./workbench-store";

interface WorkbenchOptions {
  path: string;
  name: string;
  /** Saves unsaved changes; answers false when the text could not be saved. */
  saveIfDirty: () => Promise<boolean>;
}

/**
 * The compile workbench of a `.tex` file in the editor: the compile command (saves first, then
 * reruns the last tool with its options), its running state, the file's diagnostics and the
 * output pane's visibility. `enabled` is false for other files, and for users who may not
 * compile: a compile reruns a tool over its last output, so it needs `create` and `modify`.
 */
export function useWorkbench({ path, name, saveIfDirty }: WorkbenchOptions) {
  const queryClient = useQueryClient();
  const user = useUser();
  const enabled = isTexFile(name) && Boolean(user?.perm.create && user.perm.modify);
  const lastTool = useRunStore((state) => state.lastRuns[path]?.request.tool);
  const running = useRunStore((state) => state.running?.source === path);
  const diagnostics = useFileDiagnostics(path);
  const paneHidden = useWorkbenchStore((state) => state.paneHidden);
  const saveRef = useRef(saveIfDirty);
  useEffect(() => {
    saveRef.current = saveIfDirty;
  });

  // The tool dialogs save this file's edits first too (run-store savers).
  useEffect(() => {
    if (!enabled) return;
    return useRunStore.getState().registerSaver(path, () => saveRef.current());
  }, [enabled, path]);

  const compile = useCallback(async () => {
    if (useRunStore.getState().running?.source === path) return;
    if (!(await saveRef.current())) return;
    const request = compileRequest(path, useRunStore.getState().lastRuns[path]);
    await runCompile(request, queryClient);
  }, [path, queryClient]);

  return {
    enabled,
    tool: lastTool ?? "m2hv",
    running,
    compile: () => void compile(),
    cancel: () => cancelCompile(path),
    diagnostics: enabled ? diagnostics : undefined,
    paneHidden,
    togglePane: () => useWorkbenchStore.getState().setPaneHidden(!paneHidden),
  };
}
