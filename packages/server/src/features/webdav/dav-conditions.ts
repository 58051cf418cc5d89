import { AppError, badRequest } from "../../errors.js";
import { DavError } from "./dav-error.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { etagOf } from "./dav-entry.js";
import { DAV_PREFIX, hrefOf } from "./dav-paths.js";
import { LockConflict } from "./dav-locks.js";
import {
  DavIfError,
  evaluateIf,
  parseIfHeader,
  submittedTokens,
  type IfList,
} from "./if-header.js";
import { escapeXml } from "./xml/write-xml.js";

/** A resource a write touches: its key, and whether everything below it is touched too. */
export interface Touched {
  key: string;
  deep: boolean;
}

/** The If header of the request, parsed (400 when malformed); [] without one. */
export function ifLists(call: DavCall): IfList[] {
  const header = call.request.headers.if;
  if (typeof header !== "string" || header.trim() === "") return [];
  try {
    return parseIfHeader(header);
  } catch (err) {
    if (err instanceof DavIfError) throw badRequest(`The If header is malformed: ${err.message}`);
    throw err;
  }
}

/** The etag and lock tokens of a URL path the If header names (nothing for one not ours). */
async function stateOf(
  call: DavCall,
  urlPath: string,
): Promise<{ etag?: string; lockTokens: string[] }> {
  const prefix = `${call.baseURL}${DAV_PREFIX}`;
  if (urlPath !== prefix && !urlPath.startsWith(`${prefix}/`)) return { lockTokens: [] };
  try {
    const resolved = await call.fs.resolve(urlPath.slice(prefix.length) || "/");
    const stats = await call.fs.statBig(resolved.abs).catch(() => undefined);
    const locks = await call.deps.locks.covering(keyOf(call, resolved));
    return { etag: stats && etagOf(stats), lockTokens: locks.map((l) => l.token) };
  } catch {
    return { lockTokens: [] };
  }
}

/**
 * The 423 of a write to a locked resource without its token: RFC 4918's lock-token-submitted
 * precondition naming the locked resource.
 */
export function lockedError(call: DavCall): DavError {
  const href = escapeXml(hrefOf(call.baseURL, call.path, false));
  return new DavError(
    "LOCKED",
    "The resource is locked",
    `<D:lock-token-submitted><D:href>${href}</D:href></D:lock-token-submitted>`,
  );
}

/**
 * Checks a write's preconditions: the If header must hold (412; but 423 when it fails because
 * it names a lock token this locked resource does not have, which is what a client holding a
 * stale or corrupt token needs to hear); then every lock on what the write touches must have
 * its token in the If header, submitted by the lock's owner (423).
 */
export async function checkWrite(call: DavCall, touched: Touched[]): Promise<void> {
  const lists = ifLists(call);
  const submitted = submittedTokens(lists);
  try {
    await checkIf(call, lists);
  } catch (err) {
    const named = submitted.filter((t) => t !== "DAV:no-lock");
    const first = touched[0];
    if (named.length > 0 && first) {
      const held = (await call.deps.locks.covering(first.key)).map((l) => l.token);
      if (held.length > 0 && !named.some((t) => held.includes(t))) throw lockedError(call);
    }
    throw err;
  }
  for (const t of touched) {
    try {
      await call.deps.locks.assertWritable(t.key, t.deep, submitted, call.user.id);
    } catch (err) {
      if (err instanceof LockConflict) throw lockedError(call);
      throw err;
    }
  }
}

/** 412 when the request's If header does not hold (LOCK asks this alone). */
export async function checkIf(call: DavCall, lists = ifLists(call)): Promise<void> {
  if (lists.length === 0) return;
  const requestUrl = `${call.baseURL}${DAV_PREFIX}${call.path}`;
  const holds = await evaluateIf(lists, requestUrl, (p) => stateOf(call, p));
  if (!holds) throw new AppError("PRECONDITION_FAILED", "The If header's condition does not hold");
}
