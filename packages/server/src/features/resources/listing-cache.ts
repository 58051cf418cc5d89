import path from "node:path";
import type { Item, Resource, Sorting } from "@scriptorium/shared";
import type { FileEvents } from "../../storage/events.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import { realPathOf, watchFolder } from "../../storage/folder-watch.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import { listFolder, readAllEntries, sortItems } from "./listing.js";

/** Entries kept in all cached folders together (about 250 bytes each, twice with a view). */
const MAX_ENTRIES = 200_000;
/** Filtered and sorted lists kept per folder (users with other rules, other sortings). */
const MAX_VIEWS = 8;

export interface FolderListing {
  items: Item[];
  numDirs: number;
  numFiles: number;
}

interface Folder {
  /** The folder's own identity and times when it was read: a change of entries changes them. */
  stamp: string;
  /** Every entry (rules not applied), each with its name as path. */
  raw: Item[];
  views: Map<string, FolderListing>;
  unwatch: () => void;
}

/** The response body last made for a list of items, with the head it was made with. */
const bodies = new WeakMap<readonly Item[], { head: string; body: Buffer }>();

/**
 * A folder listing's response body: its own fields, then its items' JSON, made once per list
 * and reused while the folder is unchanged (fast-json-stringify of 1,000 items cost more than
 * everything else of a cached listing). The whole body is kept with the list and sent as one
 * buffer while its own fields stay the same (they do while the folder is unchanged); when they
 * differ, the items' JSON is taken from the kept body, never serialised again.
 */
export function listingBody(resource: Resource & { items: Item[] }): Buffer {
  const { items, ...own } = resource;
  const head = `${JSON.stringify(own).slice(0, -1)},"items":`;
  const known = bodies.get(items);
  if (known?.head === head) return known.body;
  const json = known
    ? known.body.subarray(Buffer.byteLength(known.head), known.body.length - CLOSE.length)
    : Buffer.from(JSON.stringify(items));
  const body = Buffer.concat([Buffer.from(head), json, CLOSE]);
  bodies.set(items, { head, body });
  return body;
}
const CLOSE = Buffer.from("}");

/** A listing of sorted items, with its counts. */
function listingOf(items: Item[]): FolderListing {
  const numDirs = items.filter((i) => i.isDir).length;
  return { items, numDirs, numFiles: items.length - numDirs };
}

/** The entries `fs` may see at `userPath`, with their paths, sorted. */
function visible(
  raw: readonly Item[],
  fs: UserFs,
  userPath: string,
  sorting: Sorting,
): FolderListing {
  const items: Item[] = [];
  for (const entry of raw) {
    const childPath = fs.child(userPath, entry.name);
    if (fs.allowed(childPath)) items.push({ ...entry, path: childPath });
  }
  return listingOf(sortItems(items, sorting));
}

/** The folder as `fs` sees it at `userPath`, sorted: made once per view and kept with the folder. */
function viewOf(folder: Folder, fs: UserFs, userPath: string, sorting: Sorting): FolderListing {
  const key = `${fs.rulesKey()}\0${userPath}\0${sorting.by}\0${sorting.asc}`;
  let listing = folder.views.get(key);
  if (!listing) {
    listing = visible(folder.raw, fs, userPath, sorting);
    if (folder.views.size >= MAX_VIEWS) folder.views.clear();
    folder.views.set(key, listing);
  }
  return listing;
}

/** A reading of a folder in progress, shared by the requests that came while it ran. */
interface Reading {
  /** The entries read, with the folder when it is kept; undefined: it could not be read whole. */
  done: Promise<{ raw: Item[]; folder?: Folder } | undefined>;
  /** The app changed something in the folder meanwhile: the entries read are not kept. */
  changed: boolean;
  /** The folder's stamp when the reading began; a request that sees another reads afresh. */
  stamp: string;
}

const stampOf = (st: BigIntStats) => `${st.dev}:${st.ino}:${st.mtimeNs}:${st.ctimeNs}`;

/**
 * Listings of unchanged folders without a `stat` per entry: each folder read is kept (by its
 * real path) with a watcher on it, and dropped at once when the app changes something in it or
 * under it (the file events, before the changing request answers), when the watcher sees a
 * change made outside (the shell, another program), or when the folder's own times differ from
 * those it was read with. Folders holding links are never kept (what a link shows depends on
 * the user's scope); nor is a folder that cannot be watched. The most recently used folders
 * are kept up to MAX_ENTRIES entries in all.
 */
export function createListingCache(deps: {
  events: FileEvents;
  /** Told of each listing: answered from the cache (true) or read (false). For the metrics. */
  onLookup?: (hit: boolean) => void;
}) {
  const folders = new Map<string, Folder>();
  /** Readings in progress; one the app changed is taken out (later requests read afresh). */
  const loading = new Map<string, Reading>();
  let held = 0;

  function drop(real: string): void {
    const folder = folders.get(real);
    if (!folder) return;
    folders.delete(real);
    held -= folder.raw.length;
    folder.unwatch();
  }

  /** Drops `abs`, its parent and everything under it; readings of them are kept no more. */
  function invalidate(abs: string): void {
    if (folders.size === 0 && loading.size === 0) return;
    const real = realPathOf(abs);
    const parent = path.dirname(real);
    const below = real + path.sep;
    const touched = (key: string) => key === parent || key === real || key.startsWith(below);
    for (const key of [...folders.keys()]) if (touched(key)) drop(key);
    for (const [key, reading] of [...loading]) {
      if (!touched(key)) continue;
      reading.changed = true;
      loading.delete(key);
    }
  }

  const stopEvents = deps.events.on((event) => {
    invalidate(event.abs);
    if (event.to) invalidate(event.to);
  });

  /**
   * Reads the folder, and keeps it unless it changed meanwhile (then its entries still answer
   * the requests that came during the reading, which the change did not precede). Undefined
   * when it cannot be read whole here (links; no watcher): each request lists it itself.
   */
  async function load(
    fs: UserFs,
    abs: string,
    real: string,
    stamp: string,
    reading: Reading,
  ): Promise<{ raw: Item[]; folder?: Folder } | undefined> {
    let changed = false;
    const unwatch = watchFolder(real, () => {
      changed = true;
      drop(real);
    });
    if (!unwatch) return undefined;
    const raw = await readAllEntries(fs, abs).catch(() => undefined);
    if (!raw) {
      unwatch();
      return undefined;
    }
    if (changed || reading.changed || raw.length > MAX_ENTRIES) {
      unwatch();
      return { raw };
    }
    drop(real);
    evictFor(raw.length);
    const folder = { stamp, raw, views: new Map(), unwatch };
    folders.set(real, folder);
    held += raw.length;
    return { raw, folder };
  }

  function evictFor(count: number): void {
    for (const key of folders.keys()) {
      if (held + count <= MAX_ENTRIES) return;
      drop(key);
    }
  }

  return {
    /**
     * The visible items of the resolved folder (`abs`, at `path` for this user), sorted.
     * `stats` are the folder's own, just taken. The returned lists are shared: callers must not
     * change them.
     */
    async list(
      fs: UserFs,
      target: Pick<ResolvedPath, "abs" | "path" | "real">,
      sorting: Sorting,
      stats: BigIntStats,
    ): Promise<FolderListing> {
      const { abs, path: userPath, real } = target;
      const stamp = stampOf(stats);
      let folder = folders.get(real);
      if (folder && folder.stamp !== stamp) {
        drop(real);
        folder = undefined;
      }
      if (folder) {
        // Most recently used last: eviction starts from the front.
        folders.delete(real);
        folders.set(real, folder);
        deps.onLookup?.(true);
        return viewOf(folder, fs, userPath, sorting);
      }
      deps.onLookup?.(false);
      // Requests for a folder being read wait for that one reading (unless the app changed the
      // folder since it began: then `invalidate` took it out, and this one reads afresh).
      let reading = loading.get(real);
      if (!reading || reading.stamp !== stamp) {
        const fresh: Reading = { stamp, changed: false, done: Promise.resolve(undefined) };
        fresh.done = load(fs, abs, real, stamp, fresh).finally(() => {
          if (loading.get(real) === fresh) loading.delete(real);
        });
        loading.set(real, fresh);
        reading = fresh;
      }
      const read = await reading.done;
      if (read?.folder) return viewOf(read.folder, fs, userPath, sorting);
      if (read) return visible(read.raw, fs, userPath, sorting);
      return listingOf(sortItems(await listFolder(fs, abs, userPath), sorting));
    },

    /** Stops the watchers and the event subscription (the app closes). */
    close(): void {
      stopEvents();
      for (const key of [...folders.keys()]) drop(key);
    },
  };
}

export type ListingCache = ReturnType<typeof createListingCache>;
