import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { open, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Runner } from "../../runner/runner.js";
import { prepareTexSupport } from "./tex-support.js";

/**
 * The server's cache of the fonts METAFONT makes (issue 30), so that `mktextfm` runs once per
 * font and not once per compile. A user's run may not write into it: what the run made (in its
 * own folder) only says which fonts it needed. Those are made again by a clean build that sees
 * the support folders and TeX Live, and none of the user's files, so a font whose METAFONT source
 * came from the user's files (or that a user's file changed) is never shared; the build's files
 * are copied into the cache by descriptor (regular files with font names, size-capped).
 */

/** A font file kpathsea makes: `name.tfm`, `name.600pk`. */
const FONT_FILE = /^([a-z][a-z0-9_-]{0,63})\.(tfm|([1-9][0-9]{1,4})pk)$/;
/** At most this many fonts are built after one run, and kept in all. */
const FONTS_PER_RUN = 8;
const CACHE_FILES = 1000;
/** A font file larger than this is not kept. */
const FONT_BYTES = 4 * 1024 * 1024;
const BUILD_TIMEOUT_MS = 60_000;

/** The font files in `folder` (names only; nothing is followed). */
async function fontNames(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && FONT_FILE.test(e.name)).map((e) => e.name);
}

/** Reads a regular file of `folder` without following a link, up to `FONT_BYTES`. */
async function readFont(folder: string, name: string): Promise<Buffer | undefined> {
  const handle = await open(
    path.join(folder, name),
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  ).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > FONT_BYTES || info.size === 0) return undefined;
    const data = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(data, 0, info.size, 0);
    return bytesRead === info.size ? data : undefined;
  } finally {
    await handle.close();
  }
}

/** kpsewhich's arguments that make one font file, as pdfTeX would ask for it. */
function buildArgs(file: string): string[] {
  const match = FONT_FILE.exec(file) as RegExpExecArray;
  const common = ["-progname=pdftex", "-must-exist"];
  if (match[2] === "tfm") return [...common, "-mktex=tfm", file];
  return [...common, "-mktex=pk", `-dpi=${match[3]}`, file];
}

export interface FontCache {
  /** The cache folder on the server (read-only in runs). */
  dir: string;
  /**
   * After a run whose own font folder is `made`: builds the fonts it made that the cache lacks,
   * cleanly, and keeps what that build wrote. Never throws: a font not kept is made again.
   */
  promote(made: string, how: PromoteHow): Promise<string[]>;
}

export interface PromoteHow {
  owner: string;
  supportFolders: readonly string[];
  sandboxed: boolean;
}

export function createFontCache(runner: Runner, dir: string): FontCache {
  /** One build at a time: two runs needing the same font build it once. */
  let queue: Promise<unknown> = Promise.resolve();

  async function build(wanted: string[], how: PromoteHow): Promise<string[]> {
    const cached = new Set(await fontNames(dir));
    const missing = wanted.filter((f) => !cached.has(f)).slice(0, FONTS_PER_RUN);
    if (missing.length === 0 || cached.size >= CACHE_FILES) return [];
    // The clean build: the support folders and the cache, no user file, an empty folder of its own.
    const tex = await prepareTexSupport({
      supportFolders: how.supportFolders,
      cacheDir: dir,
      sandboxed: how.sandboxed,
    });
    try {
      // The metrics first: mktextfm makes the 600 dpi bitmaps along with them.
      const order = [...missing].sort(
        (a, b) => Number(b.endsWith(".tfm")) - Number(a.endsWith(".tfm")),
      );
      for (const file of order) {
        if ((await fontNames(tex.made)).includes(file)) continue;
        await runner.run({
          owner: how.owner,
          executable: "kpsewhich",
          args: buildArgs(file),
          binds: tex.binds,
          env: { ...tex.env, openin_any: "p", openout_any: "p" },
          timeoutMs: BUILD_TIMEOUT_MS,
          maxOutputBytes: 256 * 1024,
        });
      }
      const kept: string[] = [];
      // Everything the clean build made is the support's or TeX Live's (the metrics' build makes
      // the 600 dpi bitmaps too): all of it is kept.
      for (const file of await fontNames(tex.made)) {
        if (cached.has(file)) continue;
        const data = await readFont(tex.made, file);
        if (!data) continue;
        // Staged under a name no font has, then renamed: a reader never sees half a font.
        const staged = path.join(dir, `.${file}.${randomUUID()}.part`);
        await writeFile(staged, data, { flag: "wx", mode: 0o644 });
        await rename(staged, path.join(dir, file)).catch(async (err: unknown) => {
          await rm(staged, { force: true });
          throw err;
        });
        kept.push(file);
      }
      return kept;
    } finally {
      await tex.dispose();
    }
  }

  return {
    dir,
    async promote(made, how) {
      const wanted = await fontNames(made);
      if (wanted.length === 0) return [];
      const next = queue.then(() => build(wanted, how));
      queue = next.catch(() => undefined);
      return next.catch(() => []);
    },
  };
}
