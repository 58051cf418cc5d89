import { deepFreeze } from "../lib/deep-freeze.js";

/**
 * What this process knows of a database's content: a number that changes whenever a statement
 * other than a `select` runs on our connection (writes, transactions, migrations) and whenever
 * another connection commits (SQLite's `PRAGMA data_version`, e.g. the `scriptorium` CLI
 * changing a user while the server runs; seen from the next turn of the event loop, so from the
 * next request). Equal generations mean equal content.
 */
export type Generation = () => string;

/** A database handle (the Kysely instance); any object serves as the key. */
type Db = object;

const generations = new WeakMap<Db, Generation>();
let unknown = 0;

export function registerGeneration(db: Db, generation: Generation): void {
  generations.set(db, generation);
}

/** The database's generation; a fresh value every time for a database opened some other way. */
export function generationOf(db: Db): string {
  const generation = generations.get(db);
  return generation ? generation() : `unknown:${++unknown}`;
}

/**
 * Rows read again and again with the same key (the session and user of every request, the
 * global settings) kept until the database's generation changes: any write anywhere drops them
 * all, so a reader never sees a value older than the last commit. Values are deep-frozen.
 */
export function createReadCache<V>(db: Db, limit = 1000) {
  let at = "";
  const values = new Map<string, V | undefined>();
  return async function cached(key: string, load: () => Promise<V | undefined>) {
    // Taken before the load: a write during it changes the generation, and the next call loads.
    const now = generationOf(db);
    if (now !== at) {
      values.clear();
      at = now;
    } else if (values.has(key)) {
      return values.get(key);
    }
    const value = deepFreeze(await load());
    if (generationOf(db) === now) {
      if (values.size >= limit) values.clear();
      values.set(key, value);
    }
    return value;
  };
}
