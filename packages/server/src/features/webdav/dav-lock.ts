import path from "node:path";
import { AppError, badRequest, conflict, forbidden } from "../../errors.js";
import { readXmlBody } from "./dav-body.js";
import { checkIf, ifLists, lockedError } from "./dav-conditions.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { DavError } from "./dav-error.js";
import { activeLockXml } from "./dav-lock-xml.js";
import { LockConflict, parseTimeout, type DavLock } from "./dav-locks.js";
import { hrefOf } from "./dav-paths.js";
import { DavIfError, parseLockTokenHeader, submittedTokens } from "./if-header.js";
import { DAV, child, elements } from "./xml/parse-xml.js";
import { serializeElement } from "./xml/write-xml.js";

/** A header's single value (undefined when absent or repeated). */
const headerValue = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;

/** The 200 or 201 body of a LOCK: the lock's `D:lockdiscovery`. */
async function sendLock(call: DavCall, lock: DavLock, status: number, rootPath: string) {
  const body =
    '<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>' +
    activeLockXml(lock, hrefOf(call.baseURL, rootPath, false)) +
    "</D:lockdiscovery></D:prop>";
  await call.reply
    .code(status)
    .header("Lock-Token", `<${lock.token}>`)
    .type("application/xml; charset=utf-8")
    .send(body);
}

/** A write lock asks for the permission of the write it guards. */
function mayLock(call: DavCall, exists: boolean): void {
  if (call.identity.readOnly) throw forbidden("This app password is read-only");
  if (exists && !call.user.perm.modify) throw forbidden("You may not modify files");
  if (!exists && !call.user.perm.create) throw forbidden("You may not create files here");
}

/**
 * LOCK (RFC 4918 §9.10): a new exclusive or shared write lock (an unmapped URL becomes an
 * empty file, 201), or, without a body, a refresh of the lock whose token the If header names.
 */
export async function lock(call: DavCall): Promise<void> {
  const { fs, deps } = call;
  const body = await readXmlBody(call);
  const target = await fs.resolve(call.path);
  const existing = await fs.statOrNone(target.abs);
  mayLock(call, existing !== undefined);
  const key = keyOf(call, target);
  const timeout = parseTimeout(headerValue(call.request.headers.timeout));

  if (!body) {
    const tokens = submittedTokens(ifLists(call));
    const covering = await deps.locks.covering(key);
    const held = covering.find((l) => tokens.includes(l.token));
    if (!held) throw new AppError("PRECONDITION_FAILED", "No lock of this resource was named");
    const refreshed = await deps.locks.refresh(held.token, call.user.id, timeout);
    if (!refreshed) throw forbidden("This lock belongs to someone else");
    await sendLock(call, refreshed, 200, call.path);
    return;
  }
  if (body.ns !== DAV || body.name !== "lockinfo") throw badRequest("Expected DAV:lockinfo");
  const scope = child(body, DAV, "lockscope");
  const type = child(body, DAV, "locktype");
  const kind = scope && elements(scope)[0];
  if (!kind || kind.ns !== DAV || (kind.name !== "exclusive" && kind.name !== "shared")) {
    throw badRequest("DAV:lockscope must be exclusive or shared");
  }
  if (!type || !child(type, DAV, "write")) throw badRequest("Only write locks exist");
  const owner = child(body, DAV, "owner");
  const depthHeader = String(call.request.headers.depth ?? "infinity").toLowerCase();
  if (depthHeader !== "0" && depthHeader !== "infinity") {
    throw badRequest("A lock's Depth is 0 or infinity");
  }
  if (!existing) {
    const parent = await fs.statOrNone(path.dirname(target.abs));
    if (!parent?.isDirectory()) throw conflict("The parent folder does not exist");
  }
  await checkIf(call);
  let taken: DavLock;
  try {
    taken = await deps.locks.lock({
      path: key,
      depth: depthHeader === "0" ? 0 : "infinity",
      exclusive: kind.name === "exclusive",
      ownerXml: owner ? serializeElement(owner) : "",
      userId: call.user.id,
      timeoutSeconds: timeout,
    });
  } catch (err) {
    if (err instanceof LockConflict) {
      throw new DavError("LOCKED", "The resource is already locked", "<D:no-conflicting-lock/>");
    }
    throw err;
  }
  if (!existing) {
    try {
      await fs.writeAtomic(target.abs, undefined);
    } catch (err) {
      await deps.locks.unlock(taken.token, call.user.id);
      throw err;
    }
    deps.events.emit({ type: "created", userId: call.user.id, abs: target.abs });
  }
  await sendLock(call, taken, existing ? 200 : 201, call.path);
}

/** UNLOCK (RFC 4918 §9.11): the token of a lock on this resource, by the one who took it. */
export async function unlock(call: DavCall): Promise<void> {
  let token: string;
  try {
    token = parseLockTokenHeader(headerValue(call.request.headers["lock-token"]));
  } catch (err) {
    if (err instanceof DavIfError)
      throw badRequest("The Lock-Token header is missing or malformed");
    throw err;
  }
  if (call.identity.readOnly) throw forbidden("This app password is read-only");
  const target = await call.fs.resolve(call.path);
  const covering = await call.deps.locks.covering(keyOf(call, target));
  if (!covering.some((l) => l.token === token)) {
    throw new DavError(
      "ALREADY_EXISTS",
      "That lock token does not apply to this resource",
      "<D:lock-token-matches-request-uri/>",
    );
  }
  const result = await call.deps.locks.unlock(token, call.user.id);
  if (result === "not-owner") throw forbidden("This lock belongs to someone else");
  if (result === "not-found") throw lockedError(call);
  await call.reply.code(204).send();
}
