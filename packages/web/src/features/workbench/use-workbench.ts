import { isTexFile, PROFILE_TOOL, type CompileProfile } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useUser } from "../../state/auth-store";
import { storedProfile, storeProfile } from "../../state/compile-profiles";
import { useRunStore } from "../../state/run-store";
import { availabilityOf, useToolStatesView, type ToolAvailability } from "../../state/tool-states";
import { cancelCompile, compileProfileOf, compileRequest, runCompile } from "./compile";
import { useFileDiagnostics } from "./use-file-diagnostics";
import { useWorkbenchStore } from "./workbench-store";

interface WorkbenchOptions {
  path: string;
  name: string;
  /** Saves unsaved changes; answers false when the text could not be saved. */
  saveIfDirty: () => Promise<boolean>;
  /** The text on screen. */
  text: () => string;
}

/**
 * The compile workbench of a `.tex` file in the editor: the compile command (saves first, then
 * runs the file's profile: its last run again with its options, or the profile's tool), the
 * profile and how each profile's tool stands, its running state, the file's diagnostics and the
 * output pane's visibility. `enabled` is false for other files, and for users who may not
 * compile: a compile reruns a tool over its last output, so it needs `create` and `modify`.
 */
export function useWorkbench({ path, name, saveIfDirty, text }: WorkbenchOptions) {
  const queryClient = useQueryClient();
  const user = useUser();
  const enabled = isTexFile(name) && Boolean(user?.perm.create && user.perm.modify);
  const last = useRunStore((state) => state.lastRuns[path]);
  const running = useRunStore((state) => state.running?.source === path);
  const diagnostics = useFileDiagnostics(path);
  const paneHidden = useWorkbenchStore((state) => state.paneHidden);
  const states = useToolStatesView();
  const saveRef = useRef(saveIfDirty);
  const textRef = useRef(text);
  useEffect(() => {
    saveRef.current = saveIfDirty;
    textRef.current = text;
  });

  // The tool dialogs save this file's edits first too (run-store savers).
  useEffect(() => {
    if (!enabled) return;
    return useRunStore.getState().registerSaver(path, () => saveRef.current());
  }, [enabled, path]);

  const profileNow = useCallback((): CompileProfile => {
    const stored = user ? storedProfile(user.id, path) : undefined;
    return compileProfileOf(useRunStore.getState().lastRuns[path], stored, () => textRef.current());
  }, [path, user]);

  const compile = useCallback(
    async (chosen?: CompileProfile) => {
      if (useRunStore.getState().running?.source === path) return;
      const profile = chosen ?? profileNow();
      if (chosen && user) storeProfile(user.id, path, chosen);
      if (!(await saveRef.current())) return;
      const request = compileRequest(path, profile, useRunStore.getState().lastRuns[path]);
      await runCompile(request, queryClient);
    },
    [path, queryClient, profileNow, user],
  );

  // A run recorded (`last`, a profile picked runs too) re-renders the bar with its profile.
  const stored = enabled && user ? storedProfile(user.id, path) : undefined;
  const profile = enabled ? compileProfileOf(last, stored, text) : "html";
  const availability = (p: CompileProfile): ToolAvailability =>
    availabilityOf(states, PROFILE_TOOL[p]);

  return {
    enabled,
    profile,
    tool: PROFILE_TOOL[profile],
    availability,
    running,
    compile: () => void compile(),
    compileWith: (chosen: CompileProfile) => void compile(chosen),
    cancel: () => cancelCompile(path),
    diagnostics: enabled ? diagnostics : undefined,
    paneHidden,
    togglePane: () => useWorkbenchStore.getState().setPaneHidden(!paneHidden),
  };
}
