import { useQueryClient } from "@tanstack/react-query";
import { useUser } from "../../state/auth-store";
import { dragLeave, dragOver, dropOn, useDragStore } from "./drag-drop";
import type { FolderDropProps } from "../../slots/listing";
import "./organise.css";

/**
 * Makes a folder row, tile or breadcrumb a drop target for items dragged in the listing
 * (SPEC.md §2: moving needs the rename permission). `folder` is the decoded folder path ending
 * with "/", or null for elements that take no drop.
 */
export function useFolderDrop(folder: string | null): FolderDropProps {
  const queryClient = useQueryClient();
  const user = useUser();
  const active = useDragStore((state) => folder !== null && state.target === folder);
  if (folder === null || !user?.perm.rename) return {};
  return {
    "data-drop-target": active ? "true" : undefined,
    onDragOver: (event) => dragOver(event, folder),
    onDragLeave: (event) => dragLeave(event, folder),
    onDrop: (event) => dropOn(event, folder, queryClient, Boolean(user.perm.modify)),
  };
}
