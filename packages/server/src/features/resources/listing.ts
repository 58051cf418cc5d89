import path from "node:path";
import { naturalCompare, type Item, type Sorting } from "@scriptorium/shared";
import { STAGING_SUFFIX } from "../../storage/atomic-write.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import type { UserFs } from "../../storage/user-fs.js";
import { describeEntry, statEntry } from "./entry-info.js";

/** How many entries are examined at once: enough to keep the libuv pool busy, bounded memory. */
const CONCURRENCY = 64;
/** Entries whose stats are read between two turns of the event loop (a few milliseconds). */
const STAT_BATCH = 1000;

export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The names in a folder but the staged ones: work in progress (staged copies, atomic writes) is
 * never listed under any name; what a crash left behind is swept once it is a day old.
 */
async function namesIn(fs: UserFs, abs: string): Promise<string[]> {
  const names = await fs.readdir(abs);
  const staged = names.filter((name) => name.endsWith(STAGING_SUFFIX));
  if (staged.length) void sweepStale(fs, abs, staged);
  return names.filter((name) => !name.endsWith(STAGING_SUFFIX));
}

/**
 * The visible items of a folder: hidden and rule-denied children are left out, links are
 * described per the symlink policy, and no file is read unless its type needs a sniff.
 */
export async function listFolder(fs: UserFs, abs: string, userPath: string): Promise<Item[]> {
  const names = await namesIn(fs, abs);
  const visible = names.filter((name) => fs.allowed(fs.child(userPath, name)));
  const items = await mapLimit(visible, CONCURRENCY, async (name) => {
    const childAbs = path.join(abs, name);
    try {
      return await describeEntry(
        fs,
        childAbs,
        fs.child(userPath, name),
        name,
        await statEntry(fs, childAbs),
        false,
      );
    } catch {
      return undefined; // vanished while listing
    }
  });
  return items.filter((item): item is Item => item !== undefined);
}

/**
 * Every entry of a folder (rules not applied), each with its name as path; undefined when one
 * is a link (what a link shows depends on the user's scope). Stats are read in batches on this
 * thread (3 to 4 times faster than one async lstat per entry for 100,000 entries), yielding
 * between batches; then the descriptions, which may read a file's first bytes, 64 at a time.
 */
export async function readAllEntries(fs: UserFs, abs: string): Promise<Item[] | undefined> {
  const names = await namesIn(fs, abs);
  const entries: { name: string; own: BigIntStats }[] = [];
  const place = await fs.place();
  for (let at = 0; at < names.length; at += STAT_BATCH) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch = names.slice(at, at + STAT_BATCH);
    const stats = fs.lstatBigMany(abs, batch, place);
    for (let i = 0; i < batch.length; i++) {
      const own = stats[i];
      if (!own) continue; // vanished while listing
      if (own.isSymbolicLink()) return undefined;
      entries.push({ name: batch[i]!, own });
    }
  }
  const items = await mapLimit(entries, CONCURRENCY, async ({ name, own }) => {
    try {
      const stats = { own, target: own };
      return await describeEntry(fs, path.join(abs, name), name, name, stats, false);
    } catch {
      return undefined; // vanished while listing
    }
  });
  return items.filter((item): item is Item => item !== undefined);
}

const STALE_MS = 24 * 3600_000;

export async function sweepStale(fs: UserFs, dir: string, names: string[]): Promise<void> {
  for (const name of names) {
    const entry = path.join(dir, name);
    const info = await fs.lstatOrNone(entry);
    if (info && Date.now() - info.mtimeMs > STALE_MS)
      await fs.remove(entry, { force: true }).catch(() => undefined);
  }
}

/** Sorts in place: folders first, then by the field; `asc: true` is ascending (Part A §6). */
export function sortItems(items: Item[], sorting: Sorting): Item[] {
  const dir = sorting.asc ? 1 : -1;
  // Parse each date once, not once per comparison (100,000-entry folders).
  const times =
    sorting.by === "modified" ? new Map(items.map((i) => [i, Date.parse(i.modified)])) : undefined;
  const byField = (a: Item, b: Item): number => {
    if (sorting.by === "size") return a.size - b.size || naturalCompare(a.name, b.name);
    if (times) return (times.get(a) ?? 0) - (times.get(b) ?? 0) || naturalCompare(a.name, b.name);
    return naturalCompare(a.name, b.name);
  };
  return items.sort((a, b) => {
    if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
    return dir * byField(a, b);
  });
}
