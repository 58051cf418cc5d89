import path from "node:path";
import type {
  ActivityAction,
  ActivityEntry,
  ActivityQuery,
  AuditEntry,
  AuditQuery,
  Settings,
} from "@scriptorium/shared";
import { badRequest } from "../../errors.js";
import { requestContext, type RequestActor } from "../../http/request-context.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { ScopedUser } from "../../storage/user-fs.js";
import { realpathOfExisting } from "../../storage/view-place.js";
import { lineOfEvent } from "./activity-events.js";
import { FILE_ACTIONS, fromRoot, viewerFor, type Viewer } from "./activity-view.js";
import type { ActivityFilter, ActivityRecord, ActivityStore } from "./activity.store.js";

/**
 * What a feature writes in the log (`activity.record`). Paths are absolute paths on disk (the
 * `abs` of a resolved path); the log keeps their real place from the files root. Who did it,
 * the request id and the address come from the request being served (http/request-context.ts)
 * unless given.
 */
export interface ActivityInput {
  action: ActivityAction;
  /** The file or folder concerned, on disk; none for actions on no file (login, settings). */
  abs?: string;
  /** Where it went, on disk (moves, copies, extractions, tool outputs). */
  toAbs?: string;
  detail?: string;
  /**
   * Who did it: by default the signed-in user of the current request; `null` for nobody (an
   * anonymous visitor, the server itself).
   */
  actor?: RequestActor | null;
  /** The name written when `actor` is null (a failed login's username); default "". */
  username?: string;
  /** Written by the instance where it happened (events bridge): only handed to the listeners. */
  remote?: boolean;
}

/** What other features are handed to write in the log. */
export interface ActivityRecorder {
  /** Writes a line; never throws (a failure is logged). Resolves once it is written. */
  record(input: ActivityInput): Promise<void>;
}

/** Lines of a folder's activity at most per answer, and lines looked at to find them. */
const DEFAULT_LIMIT = 100;
const MAX_SCANNED = 20_000;
const DAY_MS = 86_400_000;

const ISO_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 time of a query as Unix ms; 400 for anything else. */
export function parseTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const ms = ISO_TIME.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms))
    throw badRequest(`${name} must be a time in ISO 8601, such as 2026-01-31T12:00:00Z`);
  return ms;
}

/** A path of the audit's filter (from the files root), normalised; 400 for a malformed one. */
function auditPath(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (value.includes("\0") || !value.startsWith("/")) {
    throw badRequest("path must start with / (a path from the files root)");
  }
  const normal = path.posix.normalize(value).replace(/\/+$/, "");
  return normal === "" ? "/" : normal;
}

export interface ActivityDeps {
  store: ActivityStore;
  storage: Storage;
  events: FileEvents;
  settings: { getSettings(): Promise<Settings> };
  usernameOf: (userId: number) => Promise<string | undefined>;
  log?: { warn(obj: unknown, msg: string): void };
}

/**
 * The activity log: lines written from the file events and by the features that call `record`,
 * each also handed to the live listeners (GET /api/events); a folder's activity as its viewer
 * may see it; the admin's audit; the retention sweep.
 */
export function createActivityService(deps: ActivityDeps) {
  const { store, storage } = deps;
  const pending = new Set<Promise<void>>();
  const listeners = new Set<(line: ActivityRecord) => void>();
  let realRoot: Promise<string> | undefined;
  const rootReal = () => (realRoot ??= realpathOfExisting(path.resolve(storage.root)));
  const placeOf = async (abs: string | undefined) =>
    abs === undefined ? undefined : fromRoot(await rootReal(), await realpathOfExisting(abs));

  async function write(input: ActivityInput, time: number): Promise<void> {
    const context = requestContext();
    const actor = input.actor === undefined ? context?.actor : input.actor;
    const from = await placeOf(input.abs);
    const to = await placeOf(input.toAbs);
    const line = {
      time,
      userId: actor?.id ?? null,
      username: actor?.username ?? input.username ?? "",
      action: input.action,
      path: from ?? "",
      ...(to !== undefined && to !== "" && { to }),
      ...(input.detail !== undefined && { detail: input.detail.slice(0, 1000) }),
      requestId: context?.requestId ?? "",
      address: context?.address ?? "",
    };
    if (!input.remote) await store.insert(line);
    for (const listener of listeners) listener({ id: 0, ...line });
  }

  function record(input: ActivityInput): Promise<void> {
    const task = write(input, Date.now()).catch((err: unknown) =>
      deps.log?.warn({ err }, "could not write an activity line"),
    );
    pending.add(task);
    void task.finally(() => pending.delete(task));
    return task;
  }

  /** Lines being written: read after them, so an answer shows what its request just did. */
  const settled = () => Promise.all([...pending]);

  const detach = deps.events.on((event) => {
    const line = lineOfEvent(event);
    const context = requestContext();
    const input: ActivityInput = {
      action: line.action,
      abs: line.abs,
      ...(line.toAbs !== undefined && { toAbs: line.toAbs }),
      ...(line.detail !== undefined && { detail: line.detail }),
      ...(event.remote && { remote: true }),
    };
    if (line.anonymous) {
      void record({ ...input, actor: null });
    } else if (context?.actor?.id === event.userId) {
      void record({ ...input, actor: context.actor });
    } else {
      // Not from this request's user (a background end of an upload): named by the event.
      const at = Date.now();
      const task = deps
        .usernameOf(event.userId)
        .then((username) =>
          write({ ...input, actor: { id: event.userId, username: username ?? "" } }, at),
        )
        .catch((err: unknown) => deps.log?.warn({ err }, "could not write an activity line"));
      pending.add(task);
      void task.finally(() => pending.delete(task));
    }
  });

  /** Pages of lines meeting `filter`, newest first, until `enough` says so or none are left. */
  async function* lines(filter: ActivityFilter, pageSize: number): AsyncGenerator<ActivityRecord> {
    let before = filter.before;
    for (;;) {
      const page = await store.page({ ...filter, ...(before && { before }) }, pageSize);
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      before = { time: last.time, id: last.id };
    }
  }

  return {
    record,
    /** Stops listening to the file events. */
    close: detach,
    /** Resolves once the lines being written are (before the database closes). */
    settled: async (): Promise<void> => {
      await settled();
    },

    /** Listens to every line written (the live changes); returns the way to stop. */
    onLine(listener: (line: ActivityRecord) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** How `user` sees lines: in their scope, by their rules and hidden-file preference. */
    async viewerFor(user: ScopedUser): Promise<Viewer> {
      return viewerFor(storage, await rootReal(), user);
    },

    /** GET /api/activity/{path}: what happened in that folder and below, as `user` may see it. */
    async list(
      user: ScopedUser,
      requestPath: string,
      query: ActivityQuery,
    ): Promise<ActivityEntry[]> {
      const since = parseTime(query.since, "since");
      const limit = query.limit ?? DEFAULT_LIMIT;
      const fs = await storage.forUser(user);
      const folder = await fs.resolve(requestPath);
      const under = fromRoot(await rootReal(), folder.real);
      if (under === "") return [];
      await settled();
      const view = await viewerFor(storage, await rootReal(), user);
      const shown: ActivityEntry[] = [];
      let scanned = 0;
      const filter = { under, actions: FILE_ACTIONS, ...(since !== undefined && { since }) };
      for await (const line of lines(filter, Math.min(1000, limit * 4))) {
        const entry = view(line);
        if (entry) shown.push(entry);
        if (shown.length >= limit || ++scanned >= MAX_SCANNED) break;
      }
      return shown;
    },

    /** GET /api/audit: every line meeting the filters, newest first, paths from the files root. */
    async *audit(query: AuditQuery): AsyncGenerator<AuditEntry> {
      const since = parseTime(query.since, "since");
      const until = parseTime(query.until, "until");
      const under = auditPath(query.path);
      const filter: ActivityFilter = {
        ...(under !== undefined && { under }),
        ...(since !== undefined && { since }),
        ...(until !== undefined && { until }),
        ...(query.user !== undefined && query.user !== "" && { username: query.user }),
        ...(query.action !== undefined && { actions: [query.action] }),
      };
      await settled();
      let left = query.limit ?? (query.format === "csv" ? Infinity : 1000);
      for await (const line of lines(filter, 1000)) {
        if (left-- <= 0) return;
        yield {
          time: new Date(line.time).toISOString(),
          user: line.username,
          action: line.action,
          path: line.path,
          ...(line.to !== undefined && { to: line.to }),
          ...(line.detail !== undefined && { detail: line.detail }),
          requestId: line.requestId,
          address: line.address,
        };
      }
    },

    /** Checks an audit query before anything is sent (a bad time is a 400, not a cut stream). */
    checkAudit(query: AuditQuery): void {
      parseTime(query.since, "since");
      parseTime(query.until, "until");
      auditPath(query.path);
    },

    /** Drops the lines older than the retention setting (0 days: kept for ever). */
    async sweep(now = Date.now()): Promise<number> {
      const { days } = (await deps.settings.getSettings()).activity;
      if (days <= 0) return 0;
      return store.removeBefore(now - days * DAY_MS);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
