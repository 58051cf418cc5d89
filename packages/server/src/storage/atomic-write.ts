import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { countReceived } from "../lib/received-buffers.js";

/** Ending of every hidden work-in-progress name; listings never show such entries. */
export const STAGING_SUFFIX = ".scriptorium-tmp";

/** A hidden sibling name for work in progress, renamed into place when complete. */
export function tempNameFor(target: string): string {
  const suffix = randomBytes(6).toString("hex");
  return path.join(path.dirname(target), `.${path.basename(target)}.${suffix}${STAGING_SUFFIX}`);
}

/**
 * Streams `source` into `target` atomically: a hidden temporary file in the same folder,
 * fsync, then rename. A failure removes the temporary file and leaves any previous content
 * of `target` intact. Missing parent folders are created.
 */
export async function writeFileAtomic(target: string, source: Readable | undefined): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = tempNameFor(target);
  try {
    const out = createWriteStream(temp, { flags: "wx" });
    if (source) {
      countReceived(source);
      await pipeline(source, out);
    } else
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
    const handle = await open(temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await replaceWith(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Renames a finished temporary file over `target`; a replaced file keeps its permission bits. */
export async function replaceWith(temp: string, target: string): Promise<void> {
  const previous = await stat(target).catch(() => undefined);
  if (previous?.isFile()) await chmod(temp, previous.mode & 0o7777);
  await rename(temp, target);
}
