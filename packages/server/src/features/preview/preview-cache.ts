import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileEvent, FileEvents } from "../../storage/events.js";
import { openFilePayload, type Payload } from "../downloads/payload.js";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** The version of a source file a preview was made from. */
export interface SourceVersion {
  abs: string;
  mtimeNs: bigint;
  size: bigint;
}

/** The paths whose previews an event makes stale (a copy only replaces its destination). */
function stalePaths(event: FileEvent): string[] {
  switch (event.type) {
    case "saved":
    case "deleted":
    case "uploaded":
    case "extracted":
      return [event.abs];
    case "moved":
      return event.to ? [event.abs, event.to] : [event.abs];
    case "copied":
      return event.to ? [event.to] : [];
    default:
      return [];
  }
}

/**
 * Previews on disk: `<dir>/previews/<h[0..2]>/<h>/` per source path (h = sha1 of the absolute
 * path), holding `source` (that path, for sweeping folders) and `<sha1(path, mtime ns, size)>-
 * <variant><ext>` files written atomically. A changed file gets a new key, so a stale preview is
 * never served; file events remove the entries of changed, moved and deleted files and folders.
 */
export function createPreviewCache(dir: string) {
  const root = path.join(dir, "previews");
  /** Source path → its entry folder; filled from disk on the first folder-wide invalidation. */
  const index = new Map<string, string>();
  let loaded: Promise<void> | undefined;

  const folderOf = (abs: string) => {
    const h = sha1(abs);
    return path.join(root, h.slice(0, 2), h);
  };
  const versionKey = (v: SourceVersion) => sha1(`${v.abs}\0${v.mtimeNs}\0${v.size}`);
  const entryName = (v: SourceVersion, variant: string, ext: string) =>
    `${versionKey(v)}-${variant}${ext}`;

  async function loadIndex(): Promise<void> {
    const shards = await readdir(root).catch(() => [] as string[]);
    for (const shard of shards) {
      const folders = await readdir(path.join(root, shard)).catch(() => [] as string[]);
      for (const name of folders) {
        const folder = path.join(root, shard, name);
        const source = await readFile(path.join(folder, "source"), "utf8").catch(() => undefined);
        if (source !== undefined && !index.has(source)) index.set(source, folder);
      }
    }
  }

  async function invalidate(abs: string): Promise<void> {
    index.delete(abs);
    await rm(folderOf(abs), { recursive: true, force: true });
    await (loaded ??= loadIndex());
    const prefix = abs.endsWith(path.sep) ? abs : abs + path.sep;
    for (const [source, folder] of index) {
      if (!source.startsWith(prefix)) continue;
      index.delete(source);
      await rm(folder, { recursive: true, force: true });
    }
  }

  return {
    /** The cached preview opened for sending, or undefined. */
    async get(v: SourceVersion, variant: string, ext: string): Promise<Payload | undefined> {
      try {
        return await openFilePayload(
          await open(path.join(folderOf(v.abs), entryName(v, variant, ext)), "r"),
        );
      } catch {
        return undefined;
      }
    },

    /** Stores a preview (temp file + rename) and drops previews of older versions of the source. */
    async put(v: SourceVersion, variant: string, ext: string, data: Uint8Array): Promise<void> {
      const folder = folderOf(v.abs);
      await mkdir(folder, { recursive: true });
      const key = versionKey(v);
      for (const name of await readdir(folder)) {
        if (name !== "source" && !name.startsWith(key) && !name.startsWith(".tmp-")) {
          await rm(path.join(folder, name), { force: true });
        }
      }
      await writeFile(path.join(folder, "source"), v.abs);
      const temp = path.join(folder, `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(temp, data);
        await rename(temp, path.join(folder, entryName(v, variant, ext)));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      index.set(v.abs, folder);
    },

    invalidate,

    /** Subscribes to file events; returns the unsubscribe function. */
    attach(events: FileEvents, onError: (err: unknown) => void): () => void {
      return events.on((event) => {
        for (const abs of stalePaths(event)) invalidate(abs).catch(onError);
      });
    },
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
