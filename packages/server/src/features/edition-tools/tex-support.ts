import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { bindPlace, type RunBind } from "../../runner/runner.js";

/**
 * What every LaTeX run gets besides the user's files (issue 30): the edition's support folders
 * (styles, METAFONT sources) read-only and on TeX's search paths, the server's font cache
 * read-only, and a folder of the run's own where the fonts METAFONT makes go (`mktextfm`,
 * `mktexpk`). The run never writes into the cache: what it made is thrown away with its folder;
 * the cache is filled by a clean build of the same fonts (font-cache.ts).
 */

/** Where the sandbox shows them: no path of the server's own layout. */
export const SANDBOX_SUPPORT = "/texmf-support";
export const SANDBOX_FONT_CACHE = "/texmf-fonts/cache";
export const SANDBOX_FONTS_MADE = "/texmf-fonts/made";

/** What kpathsea reads specially in a path list: such a folder cannot be put on one. */
const KPATHSEA_SPECIAL = /[:;${}!,~\s]/;

export interface TexSupport {
  binds: RunBind[];
  env: Record<string, string>;
  /** The run's own font folder on the server (bound writable). */
  made: string;
  /** The support folders that exist, on the server. */
  supportFolders: string[];
  /** Removes the run's font folder. */
  dispose(): Promise<void>;
}

/** The support folders that exist and are folders (a missing one would stop bubblewrap). */
async function existingFolders(folders: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const folder of folders) {
    if (!path.isAbsolute(folder)) continue;
    const info = await stat(folder).catch(() => undefined);
    if (info?.isDirectory()) out.push(folder);
  }
  return out;
}

/**
 * kpathsea's variables for a run: the support folders searched with their subfolders (`//`)
 * after the current folder for TeX's inputs, before it for METAFONT's (a support font is the
 * support's, whatever the output folder holds); the cache and the run's folder for the fonts;
 * each list ending in `:` so that TeX Live's own tree is searched after them. mktextfm and
 * mktexpk write what they make into the run's folder, flat (`MT_*DESTDIR`).
 */
export function texEnv(places: {
  support: readonly string[];
  cache?: string;
  made: string;
}): Record<string, string> {
  const support = places.support.map((p) => `${p}//`);
  const fonts = [...(places.cache ? [places.cache] : []), places.made, ...support];
  const list = (items: readonly string[]) => `${items.join(":")}:`;
  const env: Record<string, string> = {
    TFMFONTS: list(fonts),
    PKFONTS: list(fonts),
    GLYPHFONTS: list(fonts),
    MT_DESTROOT: places.made,
    MT_TFMDESTDIR: places.made,
    MT_PKDESTDIR: places.made,
    MT_MFDESTDIR: places.made,
    // METAFONT's mode and resolution, whatever the environment says (mktex.opt's defaults).
    MODE: "ljfour",
    BDPI: "600",
    // A font the mktex scripts cannot place in TeX's supplier/typeface map: named, not searched.
    MT_SUPPLIER: "scriptorium",
    MT_TYPEFACE: "support",
  };
  if (support.length > 0) {
    env.TEXINPUTS = list([".", ...support]);
    env.MFINPUTS = list([...support, "."]);
    env.TEXFONTMAPS = list([".", ...support]);
    env.T1FONTS = list([".", ...support]);
    env.ENCFONTS = list([".", ...support]);
  }
  return env;
}

/**
 * The binds and variables of one LaTeX run: `supportFolders` from the tool settings (those
 * that exist), `cacheDir` (the server's font cache, made if missing), and a fresh folder for
 * the fonts this run makes. `sandboxed`: the places as the sandbox shows them.
 */
export async function prepareTexSupport(opts: {
  supportFolders: readonly string[];
  cacheDir?: string;
  sandboxed: boolean;
}): Promise<TexSupport> {
  const sandboxed = opts.sandboxed;
  const usable = (await existingFolders(opts.supportFolders)).filter(
    // Without the sandbox the program sees the server's paths: one kpathsea would misread is
    // left out rather than given a meaning nobody meant.
    (folder) => sandboxed || !KPATHSEA_SPECIAL.test(folder),
  );
  const binds: RunBind[] = usable.map((host, i) => ({ host, at: `${SANDBOX_SUPPORT}/${i}` }));
  let cache: RunBind | undefined;
  if (opts.cacheDir) {
    await mkdir(opts.cacheDir, { recursive: true, mode: 0o700 });
    cache = { host: opts.cacheDir, at: SANDBOX_FONT_CACHE };
    binds.push(cache);
  }
  const made = await mkdtemp(path.join(tmpdir(), "scriptorium-fonts-"));
  const madeBind: RunBind = { host: made, at: SANDBOX_FONTS_MADE, writable: true };
  binds.push(madeBind);
  const place = (b: RunBind) => bindPlace(b, sandboxed);
  const env = texEnv({
    support: binds.filter((b) => b.at.startsWith(`${SANDBOX_SUPPORT}/`)).map(place),
    ...(cache ? { cache: place(cache) } : {}),
    made: place(madeBind),
  });
  return {
    binds,
    env,
    made,
    supportFolders: usable,
    dispose: () => rm(made, { recursive: true, force: true }),
  };
}
