import { asFolder } from "../../lib/paths";
import type { NewJob } from "../../api/upload-types";

/** A file chosen or dropped, with its path relative to the folder it goes into. */
export interface PickedFile {
  file: File;
  /** "scan.tif", or "Libro I/c. 12/scan.tif" inside a folder upload. */
  relativePath: string;
}

/** What the user chose: files, and folders (relative, ending with "/") to create. */
export interface Picked {
  files: PickedFile[];
  dirs: string[];
}

/** The first path segment: the name the upload takes in the folder uploaded into. */
export const topName = (relativePath: string) => relativePath.split("/")[0] ?? relativePath;

/** Files of an `<input type=file>`; a folder input gives each file its path in the folder. */
export function pickedFromInput(files: Iterable<File>): Picked {
  return {
    files: [...files].map((file) => ({
      file,
      relativePath: file.webkitRelativePath || file.name,
    })),
    dirs: [],
  };
}

/** The top-level names of the upload that already exist in the folder (SPEC.md §5). */
export function uploadConflicts(picked: Picked, existing: Iterable<string>): string[] {
  const taken = new Set(existing);
  const names = new Set([
    ...picked.files.map((f) => topName(f.relativePath)),
    ...picked.dirs.map((d) => topName(d)),
  ]);
  return [...names].filter((name) => taken.has(name));
}

/** Leaves out everything under the given top-level names (the replace prompt's Skip). */
export function withoutNames(picked: Picked, names: Iterable<string>): Picked {
  const skip = new Set(names);
  return {
    files: picked.files.filter((f) => !skip.has(topName(f.relativePath))),
    dirs: picked.dirs.filter((d) => !skip.has(topName(d))),
  };
}

/**
 * The queue jobs of an upload into `folder` (decoded, ending with "/"). Files under a name in
 * `replace` overwrite (override=true); the others never do. Folders become jobs only when no
 * file goes into them (an empty folder): the server creates a file's parents itself.
 */
export function jobsFor(folder: string, picked: Picked, replace: Iterable<string> = []): NewJob[] {
  const base = asFolder(folder);
  const overwrite = new Set(replace);
  const files = picked.files.map<NewJob>(({ file, relativePath }) => ({
    path: base + relativePath,
    name: relativePath,
    file,
    overwrite: overwrite.has(topName(relativePath)),
    type: "file",
    size: file.size,
  }));
  const emptyDirs = picked.dirs.filter(
    (dir) =>
      !picked.files.some((f) => f.relativePath.startsWith(dir)) &&
      !picked.dirs.some((other) => other !== dir && other.startsWith(dir)),
  );
  const dirs = emptyDirs.map<NewJob>((dir) => ({
    path: base + dir,
    name: dir,
    file: null,
    overwrite: false,
    type: "dir",
    size: 0,
  }));
  return [...dirs, ...files];
}
