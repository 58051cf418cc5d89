import type { Picked } from "./picked";

/**
 * The entries of a drop, taken while the drop event runs (a DataTransfer is emptied once the
 * handler returns). Null when there are no entries (no entry API, or files added by a
 * script): then only `files` can be used.
 */
export function dropEntries(data: DataTransfer): FileSystemEntry[] | null {
  const items = [...data.items].filter((item) => item.kind === "file");
  if (items.length === 0 || typeof items[0]?.webkitGetAsEntry !== "function") return null;
  const entries = items.map((item) => item.webkitGetAsEntry());
  // Files put into a DataTransfer by a script have no entry: read the plain files then.
  return entries.every((entry): entry is FileSystemEntry => entry !== null) ? entries : null;
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry =>
  entry.isDirectory;

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** All children of a folder: readEntries gives them in batches until an empty one. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Reads dropped files and folders recursively, keeping each file's path in the drop. */
export async function readEntries(entries: readonly FileSystemEntry[]): Promise<Picked> {
  const picked: Picked = { files: [], dirs: [] };
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (isFile(entry)) {
      picked.files.push({ file: await fileOf(entry), relativePath: prefix + entry.name });
    } else if (isDirectory(entry)) {
      const dir = `${prefix}${entry.name}/`;
      picked.dirs.push(dir);
      for (const child of await childrenOf(entry)) await walk(child, dir);
    }
  };
  for (const entry of entries) await walk(entry, "");
  return picked;
}
