import { createReadStream, lstatSync, type BigIntStats } from "node:fs";
import { readdir, statfs, type FileHandle } from "node:fs/promises";
import { finished, type Readable } from "node:stream";
import { fdPath, pinSync, type Place } from "./descriptor.js";
import { insideFolder } from "./inside-folder.js";
import { FOLDER, FOLLOW, mapped, type ViewAccess } from "./view-access.js";

/** `lstatBigMany` of file-ops (below): all undefined when the folder cannot be opened. */
function lstatBigMany(
  view: ViewAccess,
  folderAbs: string,
  names: readonly string[],
  check: Place,
): (BigIntStats | undefined)[] {
  let folder: ReturnType<typeof pinSync>;
  try {
    folder = pinSync(view.inside(folderAbs), FOLDER, check);
  } catch {
    return names.map(() => undefined);
  }
  const statAll = (prefix: string) =>
    names.map((name) => {
      // Names as a folder gives them: one component each.
      if (name.includes("/") || name === "." || name === "..") return undefined;
      try {
        return lstatSync(`${prefix}${name}`, { bigint: true, throwIfNoEntry: false });
      } catch {
        return undefined;
      }
    });
  try {
    return insideFolder(folder.at, () => statAll("")) ?? statAll(`${folder.at}/`);
  } finally {
    folder.close();
  }
}

/** Runs `use` on a file opened for reading through a checked place (errors of the open mapped). */
async function withOpenFile<T>(
  view: ViewAccess,
  abs: string,
  use: (handle: FileHandle) => Promise<T>,
): Promise<T> {
  const handle = await mapped(() => view.openRead(abs));
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** The first `length` bytes of a file (empty when it cannot be read). */
async function readHead(view: ViewAccess, abs: string, length: number): Promise<Uint8Array> {
  let handle: FileHandle | undefined;
  try {
    handle = await view.openRead(abs);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return new Uint8Array();
  } finally {
    await handle?.close();
  }
}

/** The calls of file-ops.ts that read: stats, listings, contents, each on a checked descriptor. */
export function fileReads(view: ViewAccess) {
  const { withAt, entryStats } = view;
  return {
    stat: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => p.handle.stat())),
    statBig: (abs: string) =>
      mapped(() => withAt(abs, FOLLOW, (p) => p.handle.stat({ bigint: true }))),
    lstat: (abs: string) => mapped(() => entryStats(abs, false)),
    lstatBig: (abs: string) => mapped(() => entryStats(abs, true)),
    /**
     * The own stats of entries of a folder, read on the calling thread through one checked
     * descriptor of the folder: a few microseconds each, where an asynchronous lstat costs a
     * thread-pool round trip and a promise. Undefined for an entry gone meanwhile or unreadable.
     * Callers keep batches small (the event loop waits for them).
     */
    lstatBigMany: (folderAbs: string, names: readonly string[], check: Place) =>
      lstatBigMany(view, folderAbs, names, check),
    /** stat that answers undefined when nothing is there (or it may not be reached). */
    statOrNone: (abs: string) => withAt(abs, FOLLOW, (p) => p.handle.stat()).catch(() => undefined),
    lstatOrNone: (abs: string) => entryStats(abs, false).catch(() => undefined),
    exists: (abs: string) =>
      entryStats(abs, false).then(
        () => true,
        () => false,
      ),
    readdir: (abs: string) => mapped(() => withAt(abs, FOLDER, (p) => readdir(p.at))),
    readdirTyped: (abs: string) =>
      mapped(() => withAt(abs, FOLDER, (p) => readdir(p.at, { withFileTypes: true }))),
    readFile: (abs: string) => mapped(() => withOpenFile(view, abs, (h) => h.readFile())),
    readText: (abs: string) => mapped(() => withOpenFile(view, abs, (h) => h.readFile("utf8"))),
    /** Where `abs` really is (links followed), when this view may reach it. */
    realpath: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => Promise.resolve(p.real))),
    /**
     * Opens a file for reading without blocking on a FIFO that appeared since the caller's stat
     * (O_NONBLOCK); the caller checks what it opened with handle.stat().
     */
    openRead: (abs: string) => mapped(() => view.openRead(abs)),
    /**
     * Runs `use` with a path that names a checked descriptor of the file (`/proc/self/fd/N`),
     * for libraries that open files by path themselves (image decoding): they reach that file,
     * whatever its name leads to meanwhile.
     */
    withReadPath: <T>(abs: string, use: (at: string) => Promise<T>): Promise<T> =>
      withOpenFile(view, abs, (handle) => use(fdPath(handle.fd))),
    /** The first `length` bytes of a file (empty when it cannot be read). */
    readHead: (abs: string, length = 512) => readHead(view, abs, length),
    /** A file's content (or a range of it) as a stream on a checked descriptor. */
    readStream: async (abs: string, opts?: { start?: number; end?: number }): Promise<Readable> => {
      const handle = await mapped(() => view.openRead(abs));
      const stream = createReadStream("", { fd: handle.fd, autoClose: false, ...opts });
      // The handle owns the descriptor (autoClose off), and a stream that is not destroyed never
      // emits "close": the handle is closed once the stream has ended, failed or been destroyed,
      // never left to the garbage collector.
      finished(stream, () => void handle.close());
      return stream;
    },
    /** Total and free bytes of the filesystem holding `abs`. */
    statfs: (abs: string) => mapped(() => withAt(abs, FOLLOW, (p) => statfs(p.at))),
  };
}
