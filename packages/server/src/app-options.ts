import type { FastifyServerOptions } from "fastify";
import type { Db } from "./db/database.js";
import type { AttemptLimit } from "./lib/attempts.js";
import type { LiveOptions } from "./features/activity/live.js";
import type { LoginRateLimit } from "./features/auth/auth.routes.js";
import type { SharePasswordLimits } from "./features/shares/share-gate.js";
import type { Runner } from "./runner/runner.js";
import type { ExtractLimits } from "./storage/extraction/policy.js";
import type { RenameFn } from "./storage/move.js";
import type { IdleMemoryOptions } from "./http/idle-memory.js";

export interface AppOptions {
  db: Db;
  /** Folder that holds every user's files. */
  root: string;
  /** URL prefix the app lives under, without trailing slash ("" by default). */
  baseURL?: string;
  /** Built web app (packages/web/dist). */
  webDist?: string;
  logger?: FastifyServerOptions["logger"];
  version?: string;
  limits?: {
    loginPerIp?: LoginRateLimit;
    failedLoginsPerUser?: AttemptLimit;
    /**
     * Wrong passwords of share links, per address on one link and per address over all links
     * (default 10 and 50 per 15 min).
     */
    failedSharePasswords?: SharePasswordLimits;
  };
  /** Folder for generated previews (server.ts: `cache` next to the database); none: no disk cache. */
  cacheDir?: string;
  /**
   * The trash folder (server.ts: `trash` next to the database; outside the files folder): deleted
   * entries are kept there. None: deletion is immediate.
   */
  trashDir?: string;
  /**
   * The versions folder (server.ts: `versions` next to the database; outside the files folder):
   * earlier contents of overwritten files are kept there. None: no versions.
   */
  versionsDir?: string;
  /**
   * The fonts METAFONT made for LaTeX runs (server.ts: `fonts` next to the database; outside the
   * files folder): later runs read them, read-only. None: every run makes its fonts again.
   */
  fontCacheDir?: string;
  /** Replaces rename(2) in moves to and from the trash: tests simulate another filesystem. */
  trashRename?: RenameFn;
  /** Image resizes running at once (default 4); more requests wait their turn. */
  previewConcurrency?: number;
  /** Replaces rename(2) in moves: tests simulate a cross-device move with it. */
  moveRename?: RenameFn;
  /** Limits of archive extraction (default 100,000 entries, 50 GiB, ratio 1000). */
  extractLimits?: Partial<ExtractLimits>;
  /** Runs external programs (tools, shell, hooks); default: in bubblewrap, 2 per user, 4 in all. */
  runner?: Runner;
  /**
   * Without a working bubblewrap, run programs anyway with the limits alone (the server's
   * --unsandboxed-programs); default false: programs are off (503). For the default runner only.
   */
  unsandboxedPrograms?: boolean;
  /** The search index: watch the files for outside changes (default true), walk them again every `reconcileMs`. */
  search?: { watch?: boolean; reconcileMs?: number };
  /** Time limit of one shell command (default 120 s). */
  shellTimeoutMs?: number;
  /** Live changes (GET /api/events): heartbeat, session checks, streams per user. */
  live?: LiveOptions;
  /** The token `/metrics` requires as `Authorization: Bearer`; none: `/metrics` is off (404). */
  metricsToken?: string;
  /**
   * The proxies in front (addresses, networks): requests from them are from the client their
   * X-Forwarded-For names (`request.ip`). None (default): the header is ignored.
   */
  trustedProxies?: string[];
  /**
   * Give the heap's unused memory back once no request has come for a while (server.ts: on,
   * with IDLE_MEMORY_DEFAULTS). None (default, tests): never.
   */
  idleMemory?: IdleMemoryOptions;
}
