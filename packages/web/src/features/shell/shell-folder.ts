import { asFolder, parentFolder } from "../../lib/paths";
import { useCurrentResourceStore, type CurrentResource } from "../../state/current-resource";

/** Where commands run: the folder the listing shows, the folder of the open file, else "/". */
export function shellFolder(current: CurrentResource | null): string {
  if (!current) return "/";
  return current.resource.isDir ? asFolder(current.path) : parentFolder(current.path);
}

export const useShellFolder = () => useCurrentResourceStore((state) => shellFolder(state.current));
