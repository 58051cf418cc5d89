import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { engineOf } from "../db/engine.js";
import { tooManyRuns, type RunSlots } from "./run-slots.js";

/** How often an instance marks its runs as still under way. */
const HEARTBEAT_MS = 10_000;
/** A run whose instance has not marked it for this long is counted no more (the instance died). */
const STALE_MS = 60_000;
/** The PostgreSQL advisory lock (transaction level) that serialises the claims of slots. */
const CLAIM_LOCK = 7_339_001_002;

/**
 * The runner's concurrency limit counted in the database's `running` table, so that instances
 * behind a balancer share the per-owner and server-wide limits. A claim counts and inserts in
 * one transaction: serialised by the single connection on SQLite, by an advisory lock on
 * PostgreSQL. Each instance refreshes the heartbeat of its runs every 10 s while it has some;
 * rows of an instance silent for a minute are deleted by the next claim.
 */
export function createSharedRunSlots(
  db: Db,
  maxPerOwner: number,
  maxTotal: number,
  instance: string = randomUUID(),
): RunSlots {
  const postgres = engineOf(db) === "postgres";
  let active = 0;
  let timer: NodeJS.Timeout | undefined;

  function beat(): void {
    void db
      .updateTable("running")
      .set({ heartbeat_at: Date.now() })
      .where("instance", "=", instance)
      .execute()
      .catch(() => undefined);
  }

  function started(): void {
    active++;
    if (!timer) {
      timer = setInterval(beat, HEARTBEAT_MS);
      timer.unref();
    }
  }

  function ended(): void {
    active--;
    if (active === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  async function claim(owner: string): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
      await trx
        .deleteFrom("running")
        .where("heartbeat_at", "<", now - STALE_MS)
        .execute();
      const counts = await trx
        .selectFrom("running")
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn.sum<number>(eb.case().when("owner", "=", owner).then(1).else(0).end()).as("mine"),
        ])
        .executeTakeFirstOrThrow();
      const total = Number(counts.total);
      const mine = Number(counts.mine ?? 0);
      if (mine >= maxPerOwner || total >= maxTotal) throw tooManyRuns(mine, maxPerOwner);
      await trx
        .insertInto("running")
        .values({ id, owner, instance, started_at: now, heartbeat_at: now })
        .execute();
    });
    return id;
  }

  return {
    async acquire(owner) {
      const id = await claim(owner);
      started();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        ended();
        // If the database is gone (shutdown), the row goes stale and a later claim drops it.
        await db
          .deleteFrom("running")
          .where("id", "=", id)
          .execute()
          .catch(() => undefined);
      };
    },
    get active() {
      return active;
    },
  };
}
