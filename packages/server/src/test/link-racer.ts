import { lstat, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * A program swapping a path for a link as fast as it can, on another thread (the server runs on
 * this one): `place` becomes the link, then the real entry again, thousands of times a second,
 * with four renames inside its folder (the real entry waits at `aside`, the link at `link`).
 * Paused, the real entry is in place, so a test can lay its files and make its requests' first
 * steps (a share, an upload's POST) on what they should be.
 */
const CODE = `
const { workerData } = require("node:worker_threads");
const { renameSync } = require("node:fs");
const state = new Int32Array(workerData.shared);
const { place, aside, link, limit, until } = workerData;
const mv = (a, b) => { try { renameSync(a, b); return true; } catch { return false; } };
let flips = 0;
for (;;) {
  const command = Atomics.load(state, 0);
  if (command === 2) break;
  if (command === 1) {
    Atomics.store(state, 1, 1);
    Atomics.notify(state, 1);
    Atomics.wait(state, 0, 1);
    Atomics.store(state, 1, 0);
    continue;
  }
  const moved = mv(place, aside);
  if (mv(link, place)) {
    flips++;
    mv(place, link);
  }
  if (moved) mv(aside, place);
  Atomics.store(state, 2, flips);
  if (flips >= limit || Date.now() > until) break;
}
Atomics.store(state, 2, flips);
`;

export interface Racer {
  /** Waits until the real entry is in place and the racer stands still. */
  pause(): Promise<void>;
  resume(): void;
  /** True once the racer stopped on its own (its `limit` reached). */
  finished(): boolean;
  /** Stops the racer, puts the real entry back, and answers how many times the link was in. */
  stop(): Promise<number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let racers = 0;

/**
 * Starts swapping `place` (absolute) with a link to `to`; on its own it stops after `limit`
 * swaps or `ms` milliseconds.
 */
export async function startRacer(
  place: string,
  to: string,
  bounds: { limit?: number; ms?: number } = {},
): Promise<Racer> {
  const limit = bounds.limit ?? Infinity;
  const until = Date.now() + (bounds.ms ?? 1e12);
  const dir = path.dirname(place);
  const n = ++racers;
  const aside = path.join(dir, `.${path.basename(place)}.race-aside-${n}`);
  const link = path.join(dir, `.${path.basename(place)}.race-link-${n}`);
  await symlink(to, link);
  const shared = new SharedArrayBuffer(12);
  const state = new Int32Array(shared);
  const worker = new Worker(CODE, {
    eval: true,
    workerData: { shared, place, aside, link, limit, until },
  });
  let over = false;
  const exited = new Promise<void>((resolve, reject) => {
    worker.on("exit", () => {
      over = true;
      resolve();
    });
    worker.on("error", reject);
  });

  /**
   * The entries back where they belong: the real one in place, the link at `link` (nothing to
   * do when the request removed or moved the folder).
   */
  async function settle(): Promise<void> {
    try {
      const at = await lstat(place).catch(() => undefined);
      const away = await lstat(aside).catch(() => undefined);
      if (at?.isSymbolicLink() && away) await rename(place, link);
      if (away && !(await lstat(place).catch(() => undefined))) await rename(aside, place);
      // A rename of the server over the link made it a plain file: a link again.
      const linkNow = await lstat(link).catch(() => undefined);
      if (!linkNow?.isSymbolicLink()) {
        await rm(link, { recursive: true, force: true });
        await symlink(to, link);
      }
    } catch (err) {
      // The request removed or moved the folder meanwhile: nothing left to put back.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }

  return {
    async pause() {
      Atomics.store(state, 0, 1);
      while (Atomics.load(state, 1) !== 1) await sleep(1);
      await settle();
    },
    resume() {
      Atomics.store(state, 0, 0);
      Atomics.notify(state, 0);
    },
    finished: () => over,
    async stop() {
      Atomics.store(state, 0, 2);
      Atomics.notify(state, 0);
      await exited;
      await settle();
      return Atomics.load(state, 2);
    },
  };
}

const SNATCH = `
const { workerData } = require("node:worker_threads");
const { lstatSync, readdirSync, renameSync, symlinkSync } = require("node:fs");
const path = require("node:path");
const state = new Int32Array(workerData.shared);
const { dirs, toFile, toDir } = workerData;
const seen = new Set();
for (const dir of dirs) {
  try { for (const name of readdirSync(dir)) seen.add(path.join(dir, name)); } catch {}
}
let snatched = 0;
let n = 0;
Atomics.store(state, 1, 1);
Atomics.notify(state, 1);
while (Atomics.load(state, 0) !== 2) {
  for (const dir of dirs) {
    let names;
    try { names = readdirSync(dir); } catch { continue; }
    for (const name of names) {
      const at = path.join(dir, name);
      if (seen.has(at)) continue;
      seen.add(at);
      if (!name.startsWith(".") || name.includes(".snatch-")) continue;
      try {
        const isDir = lstatSync(at).isDirectory();
        const tmp = path.join(dir, ".snatch-link-" + n);
        symlinkSync(isDir ? toDir : toFile, tmp);
        renameSync(at, path.join(dir, ".snatch-aside-" + n++));
        renameSync(tmp, at);
        seen.add(at);
        snatched++;
        Atomics.store(state, 2, snatched);
      } catch {}
    }
  }
}
`;

/**
 * A program that replaces every new hidden entry of `dirs` (the server's work in progress: a
 * staged upload or save, an extraction's or a copy's staging folder) by a link, to `toFile` for
 * a file and `toDir` for a folder, the moment it appears.
 */
export async function startSnatcher(
  dirs: string[],
  toFile: string,
  toDir: string,
): Promise<{ stop(): Promise<number> }> {
  const shared = new SharedArrayBuffer(12);
  const state = new Int32Array(shared);
  const worker = new Worker(SNATCH, { eval: true, workerData: { shared, dirs, toFile, toDir } });
  const exited = new Promise<void>((resolve, reject) => {
    worker.on("exit", () => resolve());
    worker.on("error", reject);
  });
  // Watching from now on: what the request makes next is taken.
  while (Atomics.load(state, 1) !== 1) await sleep(1);
  return {
    async stop() {
      Atomics.store(state, 0, 2);
      await exited;
      return Atomics.load(state, 2);
    },
  };
}
