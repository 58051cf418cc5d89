import path from "node:path";
import type { FileEvents } from "../../storage/events.js";
import { plainFolderReal, walkTree } from "../../storage/tree-walk.js";

/** A size counted more than this long ago is counted again (changes made outside the app). */
const MAX_AGE_MS = 10 * 60_000;
/** How long a request waits for a recount before it takes the last count. */
const WAIT_MS = 1000;
/** Scopes kept at most (the oldest is dropped). */
const MAX_SCOPES = 1000;

interface Entry {
  size?: number;
  at: number;
  /** Bumped by every change inside the scope: a count started before it is already stale. */
  generation: number;
  counted: number;
  running?: Promise<number>;
}

const inside = (root: string, abs: string) =>
  abs === root || abs.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * The bytes of the files below each user's scope, counted by a link-safe walk that yields to
 * the event loop in batches (tree-walk.ts), kept per scope, and counted again after a file event
 * inside it or after MAX_AGE_MS. A request waits for a recount at most WAIT_MS, then answers
 * with the last count (a big tree never holds a request for long, only its first count does).
 */
export function createScopeSizes(deps: { events: FileEvents; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const scopes = new Map<string, Entry>();
  const detach = deps.events.on((event) => {
    for (const [root, entry] of scopes) {
      if (inside(root, event.abs) || (event.to !== undefined && inside(root, event.to))) {
        entry.generation += 1;
      }
    }
  });

  function count(root: string, entry: Entry): Promise<number> {
    if (entry.running) return entry.running;
    const generation = entry.generation;
    const running = (async () => {
      let size = 0;
      const real = plainFolderReal(root, root);
      if (real !== undefined) {
        await walkTree(
          (_rel, info) => {
            if (!info.isDir) size += info.size;
          },
          root,
          "/",
          { real },
        );
      }
      entry.size = size;
      entry.at = now();
      entry.counted = generation;
      return size;
    })().finally(() => {
      entry.running = undefined;
    });
    entry.running = running;
    return running;
  }

  return {
    /** The bytes of the files below `root` (a scope's folder on disk). */
    async sizeOf(root: string): Promise<number> {
      let entry = scopes.get(root);
      if (!entry) {
        if (scopes.size >= MAX_SCOPES) scopes.delete(scopes.keys().next().value as string);
        entry = { at: 0, generation: 0, counted: -1 };
        scopes.set(root, entry);
      }
      const fresh = entry.counted === entry.generation && now() - entry.at < MAX_AGE_MS;
      if (entry.size !== undefined && fresh) return entry.size;
      const recount = count(root, entry);
      if (entry.size === undefined) return recount;
      const last = entry.size;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<number>((resolve) => {
        timer = setTimeout(() => resolve(last), WAIT_MS);
      });
      try {
        return await Promise.race([recount, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close(): void {
      detach();
      scopes.clear();
    },
  };
}

export type ScopeSizes = ReturnType<typeof createScopeSizes>;
