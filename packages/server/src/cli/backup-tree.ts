import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { lstat, mkdir, readdir, readlink, symlink } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BackupEntry } from "@scriptorium/shared";
import { UsageError } from "./args.js";

/** The data folder's own folders a backup saves (the cache and fonts are made again). */
export const STATE_FOLDERS = ["trash", "versions"] as const;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Copies `from` to `to` (a new file, owner-only), hashing the bytes as they pass: what was
 * written is what the size and SHA-256 describe, even if the source changes meanwhile.
 */
export async function copyHashed(
  from: string,
  to: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: "wx", mode: 0o600 }));
  return { size, sha256: hash.digest("hex") };
}

/** SHA-256 and size of a file. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Saves the folder `source` as `dest` (both absolute), listing each entry under `name`/…:
 * folders, regular files (hashed) and links (as links, never followed). Entries that vanish
 * during the walk (a version pruned, a trash item emptied) are left out; other kinds (sockets,
 * FIFOs) are skipped.
 */
export async function saveTree(source: string, dest: string, name: string): Promise<BackupEntry[]> {
  const entries: BackupEntry[] = [];
  async function walk(rel: string): Promise<void> {
    const from = path.join(source, rel);
    const to = path.join(dest, rel);
    const shown = rel ? `${name}/${rel.split(path.sep).join("/")}` : name;
    const info = await lstat(from).catch((err: unknown) => {
      if (isMissing(err)) return undefined;
      throw err;
    });
    if (!info) return;
    if (info.isDirectory()) {
      await mkdir(to, { mode: 0o700 });
      entries.push({ path: shown, type: "dir" });
      const names = await readdir(from).catch((err: unknown) => {
        if (isMissing(err)) return [];
        throw err;
      });
      for (const child of names.sort()) await walk(rel ? path.join(rel, child) : child);
    } else if (info.isFile()) {
      const copied = await copyHashed(from, to).catch((err: unknown) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
      if (copied) entries.push({ path: shown, type: "file", ...copied });
    } else if (info.isSymbolicLink()) {
      const target = await readlink(from);
      await symlink(target, to);
      entries.push({ path: shown, type: "symlink", target });
    }
  }
  await walk("");
  return entries;
}

/**
 * A manifest path made of plain names, starting with one of the saved folders: a tampered
 * manifest names nothing outside the backup or the data folder.
 */
export function checkEntryPath(entryPath: string, folders: readonly string[]): void {
  const parts = entryPath.split("/");
  const plain = parts.every((p) => p !== "" && p !== "." && p !== ".." && !p.includes("\0"));
  if (!plain || !folders.includes(parts[0] ?? "")) {
    throw new UsageError(`the manifest names an unexpected path "${entryPath}"`);
  }
}

/** Where an entry of the manifest is, below `base`. */
export const placeOf = (base: string, entryPath: string) =>
  path.join(base, ...entryPath.split("/"));

/**
 * Writes the entries (in manifest order: a folder before what it holds) from the backup at
 * `backup` into `base`, checking each file's bytes against the manifest as they are copied.
 */
export async function restoreEntries(
  backup: string,
  entries: readonly BackupEntry[],
  base: string,
): Promise<void> {
  for (const entry of entries) {
    const to = placeOf(base, entry.path);
    if (entry.type === "dir") await mkdir(to, { recursive: true, mode: 0o700 });
    else if (entry.type === "symlink") await symlink(entry.target, to);
    else {
      const copied = await copyHashed(placeOf(backup, entry.path), to);
      if (copied.sha256 !== entry.sha256 || copied.size !== entry.size) {
        throw new UsageError(`${entry.path} changed in the backup since it was made`);
      }
    }
  }
}

/** Whether a folder holds anything (a missing folder holds nothing). */
export async function holdsAnything(folder: string): Promise<boolean> {
  const names = await readdir(folder).catch((err: unknown) => {
    if (isMissing(err)) return [];
    throw err;
  });
  return names.length > 0;
}
