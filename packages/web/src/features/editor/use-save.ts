import { useQueryClient } from "@tanstack/react-query";
import type { Resource } from "@scriptorium/shared";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { handleError } from "../../state/handle-error";
import { parentFolder } from "../../lib/paths";
import { resourceKey, saveFile } from "../../api/resource-api";
import type { CodeEditorHandle } from "./CodeEditor";

/** SPEC.md §4 Buttons: a spinner while saving, then a done icon briefly. */
export type SaveState = "idle" | "saving" | "saved";

/** How long the done icon stays. */
export const SAVED_FLASH_MS = 2000;

/**
 * Saves the editor's text with PUT. The document saved is the one taken when saving starts,
 * so typing during the request leaves the editor dirty again. Errors go to a toast. `save`
 * answers whether the text reached the server (false also when a save was already under way).
 */
export function useSave(path: string, editor: RefObject<CodeEditorHandle | null>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>("idle");
  const busy = useRef(false);
  /** The text of the last save that reached the server (the cached file's content now). */
  const lastSaved = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useCallback(async (): Promise<boolean> => {
    const handle = editor.current;
    if (!handle || busy.current) return false;
    busy.current = true;
    clearTimeout(timer.current);
    setState("saving");
    const doc = handle.getDoc();
    const content = doc.toString();
    try {
      await saveFile(path, content);
      handle.markSaved(doc);
      lastSaved.current = content;
      // The cached file now holds what the server has; its size and date are refetched the
      // next time it is opened, and the folder listing (sizes, dates) now.
      queryClient.setQueryData<Resource>(resourceKey(path), (old) =>
        old ? { ...old, content } : old,
      );
      void queryClient.invalidateQueries({ queryKey: resourceKey(path), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: resourceKey(parentFolder(path)) });
      setState("saved");
      timer.current = setTimeout(() => setState("idle"), SAVED_FLASH_MS);
      return true;
    } catch (err) {
      setState("idle");
      handleError(err);
      return false;
    } finally {
      busy.current = false;
    }
  }, [path, editor, queryClient]);

  return { state, save, lastSaved };
}
