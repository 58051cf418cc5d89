import { spawn } from "node:child_process";
import { link, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchResult } from "@scriptorium/shared";
import { expectNoLeak, jsonOf, startTarget, type Target } from "../test/attack-target.js";

/**
 * Search through swapped paths (issue 27): a program in the sandbox can replace, at any moment,
 * a folder or a file of its scope by a link. The index must never read through such a link
 * (into another user's files, or out of the files root into the server's data folder), and
 * must forget what it had indexed under a path that became a link. Searches are as ada, by name
 * and by content; every answer is also checked with `expectNoLeak`.
 */

/** Words of files ada must never find: bob's plan, and a note in the server's data folder. */
const BOB_WORD = "consiliumbobi";
const OUTSIDE_WORD = "forasverbum";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ask(target: Target, query: string, content: boolean): Promise<SearchResult[]> {
  const q = encodeURIComponent(query);
  const res = await target.as("ada", `/api/search/?query=${q}${content ? "&content=true" : ""}`);
  expectNoLeak(target, res, query);
  expect(res.status, res.body.toString()).toBe(200);
  const text = res.body.toString();
  expect(text, `${query}: another user's or the server's words`).not.toContain(BOB_WORD);
  expect(text).not.toContain(OUTSIDE_WORD);
  return jsonOf<SearchResult[]>(res);
}

/** Waits until `check` holds (at most 10 s). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`not within 10 s: ${what}`);
}

/** Searches that would show what lies behind the links, by name and by content. */
const PROBES = ["plan", "projects", "bob", "eve", "secret", "test.db", "search-text", "note"];
const WORDS = [BOB_WORD, OUTSIDE_WORD, "another", "outside", "secret"];

/** Each probe once; `allowed` says which result paths may be shown. */
async function probe(
  target: Target,
  allowed: (p: string) => boolean,
  names = PROBES,
  words = WORDS,
): Promise<void> {
  const results: SearchResult[] = [];
  for (const name of names) results.push(...(await ask(target, name, false)));
  for (const word of words) results.push(...(await ask(target, word, true)));
  const shown = results.map((r) => r.path).filter((p) => !allowed(p));
  expect(shown, "results from behind a link").toEqual([]);
}

/**
 * A racer in another process, in `dir`, until stopped (or 30 s, should this process die): `name`
 * becomes each of `states` in turn (other entries of `dir`), each held `holdUs` microseconds.
 * A folder is renamed in and out (through "hold"); a file or a link is replaced at once by a
 * hard link to it (through "tmp"), never missing meanwhile.
 */
function race(dir: string, name: string, states: string[], holdUs: number) {
  const code = `
    const { linkSync, lstatSync, renameSync } = require("node:fs");
    const [name, holdUs, ...states] = process.argv.slice(1);
    const wait = BigInt(holdUs) * 1000n;
    const hold = () => {
      const until = process.hrtime.bigint() + wait;
      while (process.hrtime.bigint() < until);
    };
    const folder = lstatSync(name).isDirectory();
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      for (const state of states) {
        if (folder) {
          renameSync(name, "hold");
          renameSync(state, name);
          hold();
          renameSync(name, state);
          renameSync("hold", name);
        } else {
          linkSync(state, "tmp");
          renameSync("tmp", name);
        }
        hold();
      }
    }`;
  const child = spawn(process.execPath, ["-e", code, name, String(holdUs), ...states], {
    cwd: dir,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", () => resolve());
  });
  return {
    /** Stops the racer; resolves once it has exited. */
    stop(): Promise<void> {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Probes again and again for `ms` while a racer runs, then once more after it stopped. */
async function probeWhile(
  target: Target,
  racer: ReturnType<typeof race>,
  ms: number,
  ...how: Parameters<typeof probe> extends [Target, ...infer R] ? R : never
): Promise<void> {
  try {
    const end = Date.now() + ms;
    while (Date.now() < end) await probe(target, ...how);
  } finally {
    await racer.stop();
  }
  await sleep(300);
  await probe(target, ...how);
}

describe("a folder swapped for a link after it was indexed (the watcher's way in)", () => {
  let target: Target;
  beforeEach(async () => {
    target = await startTarget();
    const root = target.t.root;
    await mkdir(path.join(root, "bob", "projects"), { recursive: true });
    await writeFile(path.join(root, "bob", "projects", "plan.txt"), `${BOB_WORD} of bob\n`);
    // Something of the server's own beside its database: a note in its data folder.
    await mkdir(path.join(target.t.dir, "notes"), { recursive: true });
    await writeFile(path.join(target.t.dir, "notes", "outside.txt"), `${OUTSIDE_WORD} here\n`);
  });
  afterEach(() => target.close());

  /**
   * `folder` of ada holds `decoys` (indexed first); it is then replaced by a link to `to`, as
   * `tar --recursive-unlink` does, and searches run until a file written after the swap is
   * found by its words, and a second longer: none may show a path below `folder` but ada's own
   * decoys (until the watcher has seen the swap), nor words of what the link leads to; then
   * nothing below `folder` at all.
   */
  async function swap(folder: string, decoys: string[], to: string, mark: string): Promise<void> {
    const abs = path.join(target.ada, folder);
    for (const decoy of decoys) {
      await mkdir(path.dirname(path.join(abs, decoy)), { recursive: true });
      await writeFile(path.join(abs, decoy), `decoy ${mark}\n`);
    }
    await until(
      async () => (await ask(target, `decoy ${mark}`, true)).length === decoys.length,
      "the decoys indexed",
    );
    await rm(abs, { recursive: true });
    await symlink(to, abs);
    await writeFile(path.join(target.ada, `${mark}.txt`), `${mark}\n`);
    // Until the watcher has seen the swap, ada's own names there may still show (she made them);
    // nothing else below the link ever.
    const own = new Set(
      decoys.flatMap((decoy) =>
        decoy.split("/").map((_, i, parts) => `${folder}/${parts.slice(0, i + 1).join("/")}`),
      ),
    );
    const allowed = (p: string) => !p.startsWith(`${folder}/`) || own.has(p);
    await until(async () => {
      await probe(target, allowed);
      return (await ask(target, mark, true)).some((r) => r.path === `${mark}.txt`);
    }, "the file written after the swap indexed");
    const end = Date.now() + 1000;
    while (Date.now() < end) await probe(target, allowed);
    // By now the watcher has seen the swap: the link is a name, nothing below it is.
    await probe(target, (p) => !p.startsWith(`${folder}/`));
  }

  it("to the files root: nothing of another user, by name or by content", async () => {
    await swap("d2", ["bob/decoy.txt"], target.t.root, "signumprimum");
    // The link itself is a name ada may see; what it leads to is not.
    expect((await ask(target, "plan", false)).map((r) => r.path)).toEqual([]);
    expect(await ask(target, BOB_WORD, true)).toEqual([]);
  });

  it("to the server's data folder: nothing outside the files root", async () => {
    await swap(
      "d3",
      ["notes/decoy.txt", "cache/decoy.txt", "files/bob/decoy.txt"],
      target.t.dir,
      "signumsecundum",
    );
    expect(await ask(target, OUTSIDE_WORD, true)).toEqual([]);
  });

  it("a note changed, then at once its folder made a link to the server's folder: never read there", async () => {
    const dir = path.join(target.ada, "c1");
    await mkdir(dir);
    await writeFile(path.join(dir, "note.txt"), "nota adae\n");
    await until(async () => (await ask(target, "adae", true)).length === 1, "the note indexed");
    // The same name in the server's data folder, with other words.
    await writeFile(path.join(target.t.dir, "notes", "note.txt"), `${OUTSIDE_WORD} nota\n`);
    // The watcher reports the change; before the index reads the note, the folder is a link.
    await writeFile(path.join(dir, "note.txt"), "nota adae nova\n");
    await rm(dir, { recursive: true });
    await symlink(path.join(target.t.dir, "notes"), dir);
    await writeFile(path.join(target.ada, "signumtertium.txt"), "signumtertium\n");
    // Her own note's name may show until the watcher has seen the swap; no words of it.
    const allowed = (p: string) => !p.startsWith("c1/") || p === "c1/note.txt";
    await until(async () => {
      await probe(target, allowed, ["note", "outside"], [OUTSIDE_WORD, "nota"]);
      return (await ask(target, "signumtertium", true)).length === 1;
    }, "the file written after the swap indexed");
    const end = Date.now() + 1000;
    while (Date.now() < end) await probe(target, allowed, ["note"], [OUTSIDE_WORD, "nota"]);
    await probe(target, (p) => !p.startsWith("c1/"), ["note"], [OUTSIDE_WORD, "nota"]);
  });
});

describe("swaps racing the walk and the reader", () => {
  let target: Target;
  let outside: string;
  /** No watcher: the walks are the periodic ones, every `reconcileMs`, while a racer swaps. */
  async function start(reconcileMs: number): Promise<void> {
    target = await startTarget({ app: { app: { search: { watch: false, reconcileMs } } } });
    outside = path.join(target.t.dir, "outside");
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, "secret-note.txt"), `${OUTSIDE_WORD} of the server\n`);
  }
  afterEach(() => target.close());

  it("a file swapped again and again for a link to a file outside: its words never indexed", async () => {
    await start(2);
    const dir = path.join(target.ada, "c3");
    await mkdir(dir);
    await writeFile(path.join(dir, "note.txt"), "nota adae\n");
    await link(path.join(dir, "note.txt"), path.join(dir, "one"));
    await writeFile(path.join(dir, "two"), "nota adae altera\n");
    await symlink(path.join(outside, "secret-note.txt"), path.join(dir, "lnk"));
    await until(async () => (await ask(target, "adae", true)).length === 1, "the note indexed");
    // Two files of different sizes: the reader never skips the note as unchanged.
    const racer = race(dir, "note.txt", ["lnk", "two", "lnk", "one"], 0);
    await probeWhile(target, racer, 4000, () => true, [], [OUTSIDE_WORD]);
  });

  it("a folder swapped again and again for a link during the walks: nothing outside indexed", async () => {
    await start(30);
    // ada's d4 and the server's folder hold folders of the same names: a walk that reads one of
    // them through the link while d4 is swapped finds the note there. Many, so that a walk of
    // d4 lasts long enough for a swap to fall inside it.
    const dir = path.join(target.ada, "d4");
    for (let i = 0; i < 300; i++) {
      await mkdir(path.join(dir, `x${i}`), { recursive: true });
      await mkdir(path.join(outside, `x${i}`));
      await writeFile(path.join(outside, `x${i}`, "secret-note.txt"), `${OUTSIDE_WORD}\n`);
    }
    await writeFile(path.join(dir, "x299", "decoy.txt"), "decoy quartum\n");
    await symlink(outside, path.join(target.ada, "lnk"));
    await until(async () => (await ask(target, "quartum", true)).length === 1, "the decoy indexed");
    const racer = race(target.ada, "d4", ["lnk"], 100);
    const mine = (p: string) => !p.includes("secret-note");
    await probeWhile(target, racer, 2500, mine, ["secret-note"], [OUTSIDE_WORD]);
  });
});
