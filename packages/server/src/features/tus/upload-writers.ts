import type pg from "pg";
import type { Db } from "../../db/database.js";
import { poolOf } from "../../db/postgres/open-postgres.js";

/** One request's right to write an upload, until released. */
export interface WriteClaim {
  release(): Promise<void>;
}

/** The advisory lock's key of an upload: the schema and the target, hashed to 64 bits. */
const KEY = "hashtextextended(current_schema() || ' upload ' || $1, 0)";

/**
 * One writer per upload. In this process, a set of the targets being written. On PostgreSQL,
 * across every instance too: a claim also takes a session advisory lock keyed by the target,
 * on a connection this instance keeps for its claims. When an instance dies, its connection
 * closes and PostgreSQL frees its locks at once, so an upload cut by a crash resumes through
 * another instance, or the restarted one, without waiting for any lease to end. SQLite serves
 * one instance: the set is all there is.
 */
export function createUploadWriters(db: Db) {
  const here = new Set<string>();
  const pool = poolOf(db);
  let connection: Promise<pg.PoolClient> | undefined;
  /** The connection once made (closing lets it go at once). */
  let made: pg.PoolClient | undefined;
  let closed = false;

  /** The connection that holds this instance's locks, made again after a loss. */
  function locks(p: pg.Pool): Promise<pg.PoolClient> {
    connection ??= p.connect().then((client) => {
      if (closed) {
        client.release(true);
        throw new Error("closed");
      }
      made = client;
      client.on("error", () => {
        // Its locks went with it: the claims still running hold only in this process.
        connection = made = undefined;
        client.release(true);
      });
      return client;
    });
    connection.catch(() => (connection = undefined));
    return connection;
  }

  async function lockedHere(p: pg.Pool, target: string): Promise<boolean> {
    const client = await locks(p);
    const { rows } = await client.query<{ ok: boolean }>(
      `select pg_try_advisory_lock(${KEY}) as ok`,
      [target],
    );
    return rows[0]?.ok === true;
  }

  async function unlock(p: pg.Pool, target: string): Promise<void> {
    const client = await locks(p);
    await client.query(`select pg_advisory_unlock(${KEY})`, [target]);
  }

  return {
    /** Claims `target`; undefined while another request, here or on another instance, writes it. */
    async claim(target: string): Promise<WriteClaim | undefined> {
      if (here.has(target) || closed) return undefined;
      here.add(target);
      try {
        if (pool && !(await lockedHere(pool, target))) {
          here.delete(target);
          return undefined;
        }
      } catch (err) {
        here.delete(target);
        throw err;
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            if (pool && !closed) await unlock(pool, target);
          } catch {
            // The connection is gone, and its locks with it.
          } finally {
            here.delete(target);
          }
        },
      };
    },

    /** Whether a request, here or on another instance, writes `target` now. */
    async held(target: string): Promise<boolean> {
      if (here.has(target)) return true;
      if (!pool || closed) return false;
      // Free if this session can take it (no request here holds it: `here` says so).
      if (!(await lockedHere(pool, target))) return true;
      await unlock(pool, target);
      return false;
    },

    /** Lets the locks' connection go (the app is closing). */
    close(): void {
      closed = true;
      const client = made;
      connection = made = undefined;
      // Destroyed, not returned to the pool: any lock still held goes with the session.
      client?.release(true);
    },
  };
}

export type UploadWriters = ReturnType<typeof createUploadWriters>;
