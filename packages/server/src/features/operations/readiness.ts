import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { Storage } from "../../storage/storage.js";

/** A check that takes longer than this has failed (a hung network file store, a lost server). */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckState = "ok" | "failed";
export interface Readiness {
  status: "ready" | "not ready" | "shutting down";
  database: CheckState;
  files: CheckState;
}

function withinTime(work: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve("failed"), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  const done = work().then(
    (): CheckState => "ok",
    (): CheckState => "failed",
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve: the database answers a trivial query and the files root is
 * a folder the storage layer reaches; never ready once shutdown began (a load balancer then
 * stops sending). The answer names which check failed, never why (no path, no message).
 */
export function createReadiness(deps: { db: Db; storage: Storage }) {
  let draining = false;
  return {
    /** Shutdown began: from now on the instance is not ready. */
    drain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
    async check(): Promise<Readiness> {
      const [database, files] = await Promise.all([
        withinTime(() => sql`select 1`.execute(deps.db)),
        withinTime(async () => {
          const info = await deps.storage.serverFiles().stat(deps.storage.root);
          if (!info.isDirectory()) throw new Error("the files root is not a folder");
        }),
      ]);
      const status = draining
        ? "shutting down"
        : database === "ok" && files === "ok"
          ? "ready"
          : "not ready";
      return { status, database, files };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadiness>;
