import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import type { Share } from "@scriptorium/shared";
import { makeZip } from "./archive-build.js";
import { readArchive } from "./archive-read.js";
import {
  DENIED,
  EVE_SECRET,
  jsonOf,
  outsideAda,
  SECRET,
  snapshot,
  startTarget,
  type SendOptions,
  type Target,
} from "./attack-target.js";
import type { RawResponse } from "./http.js";
import { STANDIN_FOLDER } from "./tools-target.js";

/**
 * The world of the attacks with links made behind the server's back (issue 27): programs run
 * for a user (the shell, `tar xf`, `ln -s`, the tools) can turn any component of a path of the
 * scope into a link at any moment. Here the test plays that program with plain renames and
 * links, and checks that nothing outside the scope is ever read, changed or created.
 *
 * Outside the files root lie three mirrors of the same tree, each file carrying its place's
 * mark: a canary folder in the temporary folder (nothing of the server), eve's scope, and the
 * server's data folder (beside its database). A link put in place of a component of a path of
 * ada's case folder points at the mirror, so that the rest of the path leads to a file that
 * exists there: `g/p/f.txt` with `p` a link reaches `<mirror>/f.txt`, with `g` a link
 * `<mirror>/p/f.txt`.
 */

/** Words (letters only, so that every tool keeps them whole) of the outside places. */
export const CANARY = "CanaryOutsideTheFilesRoot";
export const DATA_MARK = "DataFolderBesideTheDatabase";
/** The first line of /etc/passwd, and the first bytes of the database. */
export const PASSWD_MARK = "root:x:0:0:";
export const SQLITE_MARK = "SQLite format 3";

export type Outside = "canary" | "eve" | "data";
export const OUTSIDES: readonly Outside[] = ["canary", "eve", "data"];

/** Names of the files of a mirror level (and of a case folder, for the first five). */
export const OWN_LEAVES = ["f.txt", "s.srt", "pic.png", "doc.tex", "a.zip"] as const;
/** Names an operation creates: absent from a case folder, present in the mirrors. */
export const NEW_LEAVES = ["new.txt", "up.txt", "copy.txt", "moved.txt", "drop.txt"] as const;

const srt = (text: string) => `1\n00:00:01,000 --> 00:00:02,000\n${text}\n`;
const tex = (text: string) => `\\ElencoTestimoni{A/B}\n${text} \\VV{{A:uno}{B:due}}\n`;
/** An outside text file: larger than any upload of the tests, so that a size tells. */
const outsideText = (mark: string, name: string) => `${mark} ${name}\n`.repeat(60);

const png = (r: number, g: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r, g, b: 0 } } })
    .png()
    .toBuffer();

interface Bytes {
  redPng: Buffer;
  greenPng: Buffer;
  ownZip: Buffer;
  zips: Map<string, Buffer>;
}

let bytes: Promise<Bytes> | undefined;
function sharedBytes(): Promise<Bytes> {
  bytes ??= (async () => {
    const zips = new Map<string, Buffer>();
    for (const mark of [CANARY, EVE_SECRET, DATA_MARK]) {
      zips.set(mark, await makeZip([{ name: "inner.txt", data: `${mark} inner\n` }]));
    }
    return {
      redPng: await png(255, 0),
      greenPng: await png(0, 255),
      ownZip: await makeZip([{ name: "inner.txt", data: "own inner\n" }]),
      zips,
    };
  })();
  return bytes;
}

/** The files of a mirror, by path relative to it. */
async function mirrorFiles(mark: string): Promise<Map<string, Buffer>> {
  const b = await sharedBytes();
  const files = new Map<string, Buffer>();
  const level = (prefix: string) => {
    for (const name of [...OWN_LEAVES, ...NEW_LEAVES]) {
      let data: Buffer;
      if (name === "s.srt") data = Buffer.from(srt(`${mark} subtitle`));
      else if (name === "pic.png") data = b.redPng;
      else if (name === "doc.tex") data = Buffer.from(tex(mark));
      else if (name === "a.zip") data = b.zips.get(mark) as Buffer;
      else data = Buffer.from(outsideText(mark, name));
      files.set(prefix + name, data);
    }
    files.set(`${prefix}sub/f.txt`, Buffer.from(outsideText(mark, "sub/f.txt")));
    files.set(`${prefix}out/doc.tex`, Buffer.from(tex(mark)));
  };
  level("");
  level("p/");
  return files;
}

async function writeTree(dir: string, files: Map<string, Buffer>): Promise<void> {
  for (const [rel, data] of files) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), data);
  }
}

/** Every entry under `dir` (links not followed) with the hash of its content or its target. */
export async function hashTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    for (const name of await readdir(d)) {
      const p = path.join(d, name);
      const rel = path.relative(dir, p);
      const info = await lstat(p);
      if (info.isSymbolicLink()) out.push(`${rel} -> ${await readlink(p)}`);
      else if (info.isDirectory()) {
        out.push(`${rel}/`);
        await walk(p);
      } else {
        const hash = createHash("sha256")
          .update(await readFile(p))
          .digest("hex");
        out.push(`${rel} ${info.mode.toString(8)} ${hash}`);
      }
    }
  }
  await walk(dir);
  return out.sort();
}

/** The plain files under `dir`, links not followed. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

/** One case: a fresh folder of ada's scope, `/c<k>`, with `g/p` holding the usual files. */
export interface Case {
  /** `/c<k>`: sources and destinations that are not attacked live here. */
  base: string;
  /** `/c<k>/g/p`: the attacked folder. */
  dir: string;
  /** The disk path of a user path of ada. */
  abs(userPath: string): string;
}

export interface World {
  target: Target;
  /** The canary folder, outside the server's data folder. */
  canary: string;
  /** The server's data folder (its database, the files root, the caches). */
  data: string;
  /** The disk folder each outside place mirrors into. */
  mirror(place: Outside): string;
  /** A new case folder with its files. */
  newCase(): Promise<Case>;
  /** Writes the usual files of `c` again (those an operation consumed), in place. */
  refill(c: Case): Promise<void>;
  /** Every answer of `req` since the last `clearSeen`: label and status. */
  seen: { label: string; status: number }[];
  /** A request as `user` (none: a visitor), every answer checked with `expectClean`. */
  req(user: string | undefined, url: string, opts?: SendOptions): Promise<RawResponse>;
  /** A share link of ada's `userPath` (made while it is what it was). */
  share(userPath: string, body?: object): Promise<string>;
  /** No 5xx, no server path, no byte nor hash nor image of any outside file. */
  expectClean(res: RawResponse, label: string): Promise<void>;
  /** Nothing outside the scope changed, nothing created there, nothing in `/`. */
  expectUntouched(label: string): Promise<void>;
  /** No file of the case folder holds a byte of an outside file (a copy made by the server). */
  expectCaseClean(c: Case, label: string): Promise<void>;
  /** Puts the outside back as it was (after a case that changed it) and takes it as reference. */
  heal(): Promise<void>;
  close(): Promise<void>;
}

/** Names the operations of the tests create (a file, a tool's output, a staged entry). */
const OURS =
  /^(\.|f\.txt|s\.srt|pic\.png|doc\.tex|a\.zip|new\.txt|up\.txt|copy\.txt|moved\.txt|drop|newdir|inner\.txt|sub|out|copied|src|slow|pwn|index\.html|.*\.(htm|log|aux|pdf)$|.*\.m\.tex$)/;

/** Entries of the data folder the server changes on its own (database, caches, the files). */
const SERVER_OWN = /^(files|cache)(\/|$)|^test\.db|\.db(-wal|-shm|-journal)?( |$)/;

/**
 * Starts the target (ada, eve, the secret; the tools are the stand-in compilers and pdflatex)
 * with the three mirrors in place.
 */
export async function startWorld(
  opts: Parameters<typeof startTarget>[0] & { tools?: boolean } = {},
): Promise<World> {
  const b = await sharedBytes();
  const target = await startTarget({
    ...opts,
    app: {
      ...opts.app,
      settings: (s) => {
        s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
        opts.app?.settings?.(s);
      },
    },
  });
  const canary = await mkdtemp(path.join(tmpdir(), "scriptorium-canary-"));
  const data = target.t.dir;
  const eve = path.join(target.t.root, "eve");
  const marks: Record<Outside, string> = { canary: CANARY, eve: EVE_SECRET, data: DATA_MARK };
  const dirs: Record<Outside, string> = { canary, eve, data };
  const trees = new Map<Outside, Map<string, Buffer>>();
  for (const place of OUTSIDES) trees.set(place, await mirrorFiles(marks[place]));

  /** Every outside file's content: no answer and no file of a case may hold one. */
  const outsideFiles: Buffer[] = [];
  for (const tree of trees.values()) outsideFiles.push(...tree.values());
  const forbidden = new Set<string>([
    SECRET,
    EVE_SECRET,
    DENIED,
    CANARY,
    DATA_MARK,
    PASSWD_MARK,
    SQLITE_MARK,
    canary,
  ]);
  for (const data of outsideFiles) {
    for (const algo of ["md5", "sha1", "sha256", "sha512"]) {
      forbidden.add(createHash(algo).update(data).digest("hex"));
    }
  }
  const binaries = [b.redPng, ...b.zips.values()];

  const secretDir = path.join(target.t.root, "secret");
  const secretFiles = new Map<string, Buffer>();
  for (const name of await readdir(secretDir)) {
    secretFiles.set(name, await readFile(path.join(secretDir, name)));
  }

  async function dataSnapshot(): Promise<string[]> {
    // The caches change with every run: previews, and the fonts a LaTeX run needed (built
    // afresh from the support folders, never copied from a user's files).
    const skip = [target.t.root, path.join(data, "cache"), path.join(data, "fonts")];
    return (await snapshot(data, skip)).filter((line) => !SERVER_OWN.test(line));
  }
  const slash = () => readdirSync("/").sort();

  let reference: { canary: string[]; outside: string[]; data: string[]; slash: string[] };
  async function takeReference(): Promise<void> {
    reference = {
      canary: await hashTree(canary),
      outside: await outsideAda(target),
      data: await dataSnapshot(),
      slash: slash(),
    };
  }

  async function lay(): Promise<void> {
    await rm(canary, { recursive: true, force: true });
    await mkdir(canary, { recursive: true });
    await writeTree(canary, trees.get("canary") as Map<string, Buffer>);
    await rm(eve, { recursive: true, force: true });
    await mkdir(eve, { recursive: true });
    await writeFile(path.join(eve, "eve.txt"), EVE_SECRET);
    await writeTree(eve, trees.get("eve") as Map<string, Buffer>);
    await rm(secretDir, { recursive: true, force: true });
    await writeTree(secretDir, secretFiles);
    // In the data folder: the mirror, and nothing else that is not the server's own.
    for (const name of await readdir(data)) {
      if (!SERVER_OWN.test(name)) await rm(path.join(data, name), { recursive: true, force: true });
    }
    await writeTree(data, trees.get("data") as Map<string, Buffer>);
    await takeReference();
  }
  await lay();

  let cases = 0;
  /**
   * Lays the files of a case folder again. An operation (or the server's mistake) may have left
   * a link where a folder or a file was: it is removed first, never written through.
   */
  async function fill(dir: string, base: string): Promise<void> {
    for (const d of [base, path.dirname(dir), dir, `${dir}/sub`, `${dir}/out`, `${base}/dest`]) {
      if ((await lstat(d).catch(() => undefined))?.isSymbolicLink()) await rm(d);
      await mkdir(d, { recursive: true });
    }
    await mkdir(path.join(base, "srcdir"), { recursive: true });
    const files: [string, string | Buffer][] = [
      [path.join(dir, "f.txt"), "own f.txt\n"],
      [path.join(dir, "s.srt"), srt("own subtitle")],
      [path.join(dir, "pic.png"), b.greenPng],
      [path.join(dir, "doc.tex"), tex("Testo proprio")],
      [path.join(dir, "a.zip"), b.ownZip],
      [path.join(dir, "sub", "f.txt"), "own sub/f.txt\n"],
      [path.join(base, "srcdir", "f.txt"), "own srcdir/f.txt\n"],
      [path.join(base, "src.txt"), "own src.txt\n"],
      [path.join(base, "src.tex"), tex("Fonte propria")],
      [path.join(base, "src.zip"), b.ownZip],
    ];
    for (const [p, data] of files) {
      await rm(p, { recursive: true, force: true });
      await writeFile(p, data, { flag: "wx" });
    }
    // Not the mode of the outside files: a chmod through a link would show.
    await chmod(path.join(dir, "f.txt"), 0o600);
  }

  const abs = (userPath: string) => path.join(target.ada, userPath);

  async function expectClean(res: RawResponse, label: string): Promise<void> {
    expect(res.status, `${label}: status ${res.status}`).toBeLessThan(500);
    expect(res.status, `${label}: no answer`).toBeGreaterThan(0);
    const text = res.body.toString("latin1");
    for (const p of target.serverPaths) {
      expect(text.includes(p), `${label}: the body names ${p}`).toBe(false);
    }
    const headers = JSON.stringify(res.headers);
    for (const word of forbidden) {
      expect(text.includes(word), `${label}: the body holds ${word.slice(0, 40)}`).toBe(false);
      expect(headers.includes(word), `${label}: a header holds ${word.slice(0, 40)}`).toBe(false);
    }
    for (const bin of binaries) {
      expect(res.body.includes(bin), `${label}: the body holds an outside file`).toBe(false);
    }
    const type = String(res.headers["content-type"] ?? "");
    if (res.status === 200 && res.body.length > 0) {
      const algo = /zip/.test(type)
        ? "zip"
        : /gzip/.test(type)
          ? "targz"
          : /x-tar/.test(type)
            ? "tar"
            : undefined;
      if (algo) {
        // A stream cut by an error may not read to its end: what did arrive is checked above.
        const entries = await readArchive(res.body, algo).catch(() => new Map<string, null>());
        for (const [name, content] of entries) {
          if (!content) continue;
          const inner = content.toString("latin1");
          for (const word of forbidden) {
            expect(inner.includes(word), `${label}: entry ${name} holds ${word.slice(0, 40)}`).toBe(
              false,
            );
          }
          for (const bin of binaries) {
            expect(content.equals(bin), `${label}: entry ${name} is an outside file`).toBe(false);
          }
        }
      }
      if (/^image\//.test(type)) {
        const stats = await sharp(res.body)
          .stats()
          .catch(() => undefined);
        const [r, g] = stats?.channels ?? [];
        if (r && g) {
          expect(r.mean > 128 && g.mean < 100, `${label}: the red picture of outside`).toBe(false);
        }
      }
    }
  }

  const world: World = {
    target,
    canary,
    data,
    mirror: (place) => dirs[place],
    async newCase() {
      const k = ++cases;
      const c: Case = { base: `/c${k}`, dir: `/c${k}/g/p`, abs };
      await fill(abs(c.dir), abs(c.base));
      return c;
    },
    refill: (c) => fill(abs(c.dir), abs(c.base)),
    seen: [],
    async req(user, url, o = {}) {
      const label = `${o.method ?? "GET"} ${url}`;
      const res = await target.as(user, url, o);
      world.seen.push({ label, status: res.status });
      await expectClean(res, label);
      return res;
    },
    async share(userPath, body = {}) {
      const res = await target.as("ada", `/api/share${userPath}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      expect(res.status, `share ${userPath}: ${res.body.toString()}`).toBe(200);
      return jsonOf<Share>(res).hash;
    },
    expectClean,
    async expectUntouched(label) {
      expect(await hashTree(canary), `${label}: the canary folder`).toEqual(reference.canary);
      expect(await outsideAda(target), `${label}: the files outside ada's scope`).toEqual(
        reference.outside,
      );
      expect(await dataSnapshot(), `${label}: the server's data folder`).toEqual(reference.data);
      // Other programs of the machine may create names in /: only those of the tests count.
      const created = slash().filter((n) => !reference.slash.includes(n) && OURS.test(n));
      expect(created, `${label}: created in /`).toEqual([]);
    },
    async expectCaseClean(c, label) {
      for (const p of await filesUnder(abs(c.base))) {
        const content = await readFile(p).catch(() => Buffer.alloc(0));
        const text = content.toString("latin1");
        const name = path.relative(abs(c.base), p);
        for (const word of [SECRET, EVE_SECRET, CANARY, DATA_MARK, PASSWD_MARK, SQLITE_MARK]) {
          expect(text.includes(word), `${label}: ${name} holds ${word}`).toBe(false);
        }
        for (const bin of binaries) {
          expect(content.equals(bin), `${label}: ${name} is a copy of an outside file`).toBe(false);
        }
      }
    },
    async heal() {
      const same =
        JSON.stringify(await hashTree(canary)) === JSON.stringify(reference.canary) &&
        JSON.stringify(await outsideAda(target)) === JSON.stringify(reference.outside) &&
        JSON.stringify(await dataSnapshot()) === JSON.stringify(reference.data);
      if (!same) await lay();
      else reference.slash = slash();
    },
    async close() {
      await target.close();
      await rm(canary, { recursive: true, force: true });
    },
  };
  return world;
}

/** The user path of the component `depth` levels above the end of `main` (0: `main` itself). */
export function componentOf(main: string, depth: number): string {
  let p = main;
  for (let i = 0; i < depth; i++) p = path.posix.dirname(p);
  return p;
}

/**
 * Where the link put in place of that component points: the mirror's file of the same name for
 * the last component, the mirror itself above it (the rest of the path then exists there).
 */
export function linkTargetOf(w: World, place: Outside, main: string, depth: number): string {
  const mirror = w.mirror(place);
  return depth === 0 ? path.join(mirror, path.posix.basename(main)) : mirror;
}

/** The name beside `abs` that keeps the real entry while a link stands in its place. */
export const asideOf = (abs: string) =>
  path.join(path.dirname(abs), `.${path.basename(abs)}.aside`);

/** Replaces `abs` (kept aside when it exists) by a link to `to`, as a program would. */
export async function swapForLink(abs: string, to: string): Promise<void> {
  await rename(abs, asideOf(abs)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
  await symlink(to, abs);
}

export const COMPONENTS = ["the file itself", "its folder", "the folder above"] as const;
