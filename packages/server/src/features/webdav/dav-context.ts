import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { DavIdentity, DavLogin } from "../app-passwords/dav-login.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { TrashService } from "../trash/trash.service.js";
import type { ScopeSizes } from "../usage/scope-sizes.js";
import type { UserRecord } from "../users/users.store.js";
import type { createDavLocks, createDavProps } from "./dav-locks.js";

/** What the WebDAV handlers work with (services.ts builds it). */
export interface DavDeps {
  storage: Storage;
  events: FileEvents;
  settings: SettingsStore;
  login: DavLogin;
  locks: ReturnType<typeof createDavLocks>;
  props: ReturnType<typeof createDavProps>;
  sizes: ScopeSizes;
  /** Where deletions go (none: deletion is immediate). */
  trash?: TrashService;
  /** Whether a replaced file of that size becomes a version (then it skips the trash). */
  keepsVersion?: (size: number) => Promise<boolean>;
}

/** One WebDAV request: who sends it, through which view, about which path. */
export interface DavCall {
  deps: DavDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  identity: DavIdentity;
  user: UserRecord;
  fs: UserFs;
  /** The user path the URL names, decoded. */
  path: string;
  /** The base URL ("" or "/sub"). */
  baseURL: string;
  /** The real path of the files root: locks and properties are keyed below it. */
  filesRoot: string;
}

/**
 * The key of a resolved path for locks and dead properties: where it really is below the files
 * root ("/" separated, "/" for the root), so that every user who sees a file through their own
 * scope sees its locks (a later second instance too).
 */
export function keyOf(call: DavCall, resolved: ResolvedPath, entryItself = false): string {
  // Resolved without following a link at the name, `real` is the parent's real path.
  const real =
    entryItself && resolved.path !== "/"
      ? path.join(resolved.real, path.basename(resolved.abs))
      : resolved.real;
  const rel = path.relative(call.filesRoot, real);
  return "/" + rel.split(path.sep).filter(Boolean).join("/");
}
