import { closeSync, constants, openSync, readlinkSync } from "node:fs";
import path from "node:path";

/**
 * Creates the reserved file `rel` of a staging folder from a worker thread that writes with
 * synchronous calls (unrar): its folder is opened without following a link (O_PATH) and must be
 * exactly where the staging made it (`folderReal` + the folder's part of `rel`, checked through
 * `/proc/self/fd/N`); the file is created with O_EXCL inside that descriptor. Returns the open
 * descriptor, for writing. Self-contained: worker threads load it from sources in tests.
 */
export function createStagedFileSync(
  folderAt: string,
  folderReal: string,
  rel: string,
  mode = 0o644,
): number {
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY } = constants;
  const O_PATH = 0o10000000;
  const dir = path.posix.dirname(rel);
  const at = dir === "." ? folderAt : `${folderAt}/${dir}`;
  const expected = dir === "." ? folderReal : path.join(folderReal, dir);
  // The staging folder itself is named by its descriptor's magic link, which must be followed;
  // a folder inside it is a plain name, opened without following.
  const folder = openSync(at, O_PATH | O_DIRECTORY | (dir === "." ? 0 : O_NOFOLLOW));
  try {
    if (readlinkSync(`/proc/self/fd/${folder}`) !== expected)
      throw new Error("a staged folder was moved or replaced during the extraction");
    const name = path.posix.basename(rel);
    return openSync(
      `/proc/self/fd/${folder}/${name}`,
      O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
      mode,
    );
  } finally {
    closeSync(folder);
  }
}

/** Closes a descriptor from createStagedFileSync. */
export const closeStagedFileSync = (fd: number) => closeSync(fd);
