import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, realpath, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  constants,
  createZstdCompress,
  createZstdDecompress,
  zstdCompress,
  zstdDecompress,
} from "node:zlib";
import { promisify } from "node:util";
import { isInside } from "../lib/safe-path.js";

const compress = promisify(zstdCompress);
const decompress = promisify(zstdDecompress);

/**
 * zstd level of the blobs. With the previous version as dictionary, level 7 stores a one-line
 * edit of a 1.3 MB .tex in ~200 bytes in ~15 ms; alone, ~25% of the text.
 */
const LEVEL = 7;
const params = { [constants.ZSTD_c_compressionLevel]: LEVEL };

const HASH = /^[0-9a-f]{64}$/;
const SPOOL_ID = /^[A-Za-z0-9_-]{10,64}$/;

/** fsync of a file or folder by path. */
async function syncPath(at: string): Promise<void> {
  const handle = await open(at, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The versions folder (`<data>/versions`, outside every scope): `spool/<id>` holds a replaced
 * file (a hard link or a copy) until it is stored, `blobs/<ab>/<sha256>.zst` the stored
 * contents (zstd, some with another blob's content as dictionary), `tmp/` blobs being written.
 * Every blob is written under tmp, fsynced, then renamed to its name: a name there is complete.
 */
export function createVersionBlobs(opts: { dir: string; filesRoot: string }) {
  let ready: Promise<string> | undefined;
  const top = () =>
    (ready ??= (async () => {
      await mkdir(opts.dir, { recursive: true, mode: 0o700 });
      const real = await realpath(opts.dir);
      const files = await realpath(opts.filesRoot).catch(() => path.resolve(opts.filesRoot));
      if (isInside(files, real) || isInside(real, files))
        throw new Error("The versions folder must lie outside the files folder");
      for (const sub of ["spool", "blobs", "tmp"])
        await mkdir(path.join(real, sub), { recursive: true, mode: 0o700 });
      return real;
    })());

  const blobPath = (root: string, hash: string) => {
    if (!HASH.test(hash)) throw new Error("bad blob hash");
    return path.join(root, "blobs", hash.slice(0, 2), `${hash}.zst`);
  };
  const spoolAt = (root: string, id: string) => {
    if (!SPOOL_ID.test(id)) throw new Error("bad spool id");
    return path.join(root, "spool", id);
  };

  /** Writes a blob from `write(tmpPath)`, fsync, rename into place; answers its stored size. */
  async function placeBlob(hash: string, write: (tmp: string) => Promise<void>): Promise<number> {
    const root = await top();
    const tmp = path.join(root, "tmp", `${hash}.${randomBytes(6).toString("hex")}`);
    try {
      await write(tmp);
      await syncPath(tmp);
      const final = blobPath(root, hash);
      await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      await rename(tmp, final);
      await syncPath(path.dirname(final)).catch(() => undefined);
      return (await stat(final)).size;
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  return {
    /** The real path of the files root (what versions' keys are relative to). */
    filesRootReal: () => realpath(opts.filesRoot),
    /** Creates the folders (refused inside the files folder). */
    init: async () => void (await top()),
    /** Where the spooled file `id` goes. */
    spoolPath: async (id: string) => spoolAt(await top(), id),
    /** The ids of every spooled file. */
    spooled: async () =>
      (await readdir(path.join(await top(), "spool"))).filter((n) => SPOOL_ID.test(n)),
    removeSpool: async (id: string) => {
      await unlink(spoolAt(await top(), id)).catch(() => undefined);
    },
    /** Size of a spooled file (undefined: gone). */
    spoolSize: async (id: string) =>
      (await stat(spoolAt(await top(), id)).catch(() => undefined))?.size,
    /** A spooled file whole (small files only: the caller checks the size). */
    readSpool: async (id: string) => readFile(spoolAt(await top(), id)),
    /** SHA-256 (hex) of a spooled file, streamed. */
    async hashSpool(id: string): Promise<string> {
      const hash = createHash("sha256");
      await pipeline(createReadStream(spoolAt(await top(), id)), hash);
      return hash.digest("hex");
    },
    async hasBlob(hash: string): Promise<boolean> {
      return (await stat(blobPath(await top(), hash)).catch(() => undefined)) !== undefined;
    },
    /** Stores `content` (in memory) as blob `hash`, with `dictionary` when given. */
    putBuffer: (hash: string, content: Buffer, dictionary?: Buffer) =>
      placeBlob(hash, async (tmp) => {
        const packed = await compress(content, dictionary ? { params, dictionary } : { params });
        const handle = await open(tmp, "wx", 0o600);
        try {
          await handle.writeFile(packed);
        } finally {
          await handle.close();
        }
      }),
    /** Stores the spooled file `id` as blob `hash`, streamed (no dictionary). */
    putSpoolStream: async (hash: string, id: string) => {
      const source = spoolAt(await top(), id);
      return placeBlob(hash, (tmp) =>
        pipeline(
          createReadStream(source),
          createZstdCompress({ params }),
          createWriteStream(tmp, { flags: "wx", mode: 0o600 }),
        ),
      );
    },
    /** A blob's content whole, decompressed with `dictionary` when it has one. */
    async readBlob(hash: string, dictionary?: Buffer): Promise<Buffer> {
      const packed = await readFile(blobPath(await top(), hash));
      return decompress(packed, dictionary ? { dictionary } : {});
    },
    /**
     * A blob (without dictionary) decompressed as a stream (errors of the file or of the
     * decompression end it with that error).
     */
    async blobStream(hash: string): Promise<Readable> {
      const at = blobPath(await top(), hash);
      async function* chunks() {
        const file = createReadStream(at);
        const out = createZstdDecompress();
        const done = pipeline(file, out).then(
          () => undefined,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        );
        try {
          for await (const chunk of out) yield chunk as Buffer;
        } finally {
          file.destroy();
          out.destroy();
        }
        const failed = await done;
        if (failed) throw failed;
      }
      return Readable.from(chunks());
    },
    async removeBlob(hash: string): Promise<void> {
      await unlink(blobPath(await top(), hash)).catch(() => undefined);
    },
    /** Every blob file there is (hashes). */
    async blobHashes(): Promise<string[]> {
      const root = path.join(await top(), "blobs");
      const found: string[] = [];
      for (const sub of await readdir(root)) {
        const names = await readdir(path.join(root, sub)).catch(() => []);
        for (const name of names) {
          const hash = name.replace(/\.zst$/, "");
          if (HASH.test(hash)) found.push(hash);
        }
      }
      return found;
    },
    /** Removes what a crash left in tmp. */
    async clearTmp(): Promise<void> {
      const tmp = path.join(await top(), "tmp");
      for (const name of await readdir(tmp))
        await unlink(path.join(tmp, name)).catch(() => undefined);
    },
  };
}

export type VersionBlobs = ReturnType<typeof createVersionBlobs>;

/**
 * Bytes of the regular files under `dir` (links not followed, unreadable folders skipped): the
 * size of the files the versions' share is measured against.
 */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(at);
    else if (entry.isFile()) total += (await stat(at).catch(() => undefined))?.size ?? 0;
  }
  return total;
}
