import type { SearchResult } from "@scriptorium/shared";
import { encodePath } from "../../lib/paths";

/**
 * Router path of a result (API.md Part B §9): "/files" + the searched folder + the encoded
 * path, with "/" for folders; a full-text result opens the editor at its line.
 */
export function resultUrl(folder: string, result: SearchResult): string {
  const dir = folder.endsWith("/") ? folder : `${folder}/`;
  const path = result.path.replace(/^\/+|\/+$/g, "");
  const url = `/files${encodePath(dir + path)}${result.dir ? "/" : ""}`;
  return result.line === undefined ? url : `${url}?line=${result.line}`;
}
