import { constants, openSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { fdPath } from "./descriptor.js";

/**
 * Runs `work` synchronously with the process's working folder set to the folder the descriptor
 * path `at` (`/proc/self/fd/N`) holds, so that a bare name given to a path-based call is looked
 * up in that folder: fstatat(2) semantics without going through `/proc` for every name (a lstat
 * by `/proc/self/fd/N/name` costs about twice a lstat by name; bench: "Listing it again after a
 * change"). Nothing else runs on this thread meanwhile, and every other path the server uses
 * (its threads' and pool's included) is absolute, so none is read against that folder. The
 * working folder is then set back to the one the process started in (by a descriptor held on
 * it, whatever its path has become).
 *
 * Undefined when this thread may not change the working folder (a worker) or the start folder
 * cannot be held: the caller then goes through `/proc/self/fd/N/name`.
 */
let home: number | undefined | null;

export function insideFolder<T>(at: string, work: () => T): T | undefined {
  if (home === undefined) {
    try {
      home = isMainThread ? openSync(".", constants.O_RDONLY | constants.O_DIRECTORY) : null;
    } catch {
      home = null;
    }
  }
  if (home === null) return undefined;
  process.chdir(at);
  try {
    return work();
  } finally {
    process.chdir(fdPath(home));
  }
}
