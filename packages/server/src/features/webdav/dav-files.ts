import path from "node:path";
import { AppError, badRequest, conflict, forbidden } from "../../errors.js";
import { contentDisposition } from "../../lib/http-ranges.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import { openFilePayload } from "../downloads/payload.js";
import { sendPayload } from "../downloads/send-file.js";
import { bodyStream, hasBody } from "./dav-body.js";
import { checkWrite } from "./dav-conditions.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { childrenOf, davContentType, etagOf } from "./dav-entry.js";
import { hrefOf } from "./dav-paths.js";
import { escapeXml } from "./xml/write-xml.js";

/** Every method served at /dav/, as OPTIONS and 405 answers list them. */
export const DAV_ALLOW =
  "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK";

/** Refuses any write through a read-only app password. */
export function refuseReadOnly(call: DavCall): void {
  if (call.identity.readOnly) throw forbidden("This app password is read-only");
}

/** macOS Finder's metadata files, which an admin may refuse (settings.webdav.refuseMacMetadata). */
export async function refuseMacMetadata(call: DavCall, userPath: string): Promise<void> {
  const name = path.posix.basename(userPath);
  if (!name.startsWith("._") && name !== ".DS_Store") return;
  if ((await call.deps.settings.getSettings()).webdav.refuseMacMetadata) {
    throw forbidden("macOS metadata files are not accepted on this server");
  }
}

/** The key of a path's parent folder (a member added or removed changes its collection). */
export async function parentKey(call: DavCall, userPath: string): Promise<string> {
  const parent = await call.fs.resolve(path.posix.dirname(userPath));
  return keyOf(call, parent);
}

/** Refuses (409) a new member whose parent folder does not exist (RFC 4918 §9.7.1, §9.3.1). */
export async function requireParent(call: DavCall, abs: string): Promise<void> {
  const parent = await call.fs.statOrNone(path.dirname(abs));
  if (!parent?.isDirectory()) throw conflict("The parent folder does not exist");
}

/** A folder's GET: a plain list of links, for a browser that opens /dav/. */
async function sendFolderPage(call: DavCall, abs: string): Promise<void> {
  const stats = await call.fs.statBig(abs);
  const folder = { path: call.path, name: path.posix.basename(call.path), isDir: true, stats };
  const items = (await childrenOf(call.fs, folder, abs))
    .map((e) => {
      const href = escapeXml(hrefOf(call.baseURL, e.path, e.isDir));
      return `<li><a href="${href}">${escapeXml(e.name)}${e.isDir ? "/" : ""}</a></li>`;
    })
    .join("");
  const title = escapeXml(call.path);
  const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>${items}</ul>`;
  await call.reply
    .header("Content-Security-Policy", "default-src 'none'")
    .type("text/html; charset=utf-8")
    .send(call.request.method === "HEAD" ? "" : html);
}

/** GET and HEAD: a file's bytes (Range and the date preconditions as /api/raw), a folder's list. */
export async function get(call: DavCall): Promise<void> {
  if (!call.user.perm.download) throw forbidden("You do not have permission to download files");
  const target = await call.fs.resolve(call.path);
  const stats = await call.fs.statBig(target.abs);
  if (stats.isDirectory()) return sendFolderPage(call, target.abs);
  if (!stats.isFile()) throw forbidden("Only files and folders are served");
  const etag = etagOf(stats);
  const noneMatch = call.request.headers["if-none-match"];
  if (typeof noneMatch === "string" && matchesEtag(noneMatch, etag)) {
    await call.reply.code(304).header("ETag", etag).send();
    return;
  }
  const payload = await openFilePayload(await call.fs.openRead(target.abs));
  const name = path.posix.basename(target.path);
  const contentType = davContentType(name);
  void call.reply.header("ETag", etag);
  await sendPayload(call.request, call.reply, payload, {
    contentType,
    disposition: contentDisposition("attachment", name),
    csp: downloadPolicy(contentType),
  });
}

/** Whether an If-Match / If-None-Match list names `etag` (or is `*`). Weak tags compare weakly. */
function matchesEtag(list: string, etag: string): boolean {
  return list.split(",").some((raw) => {
    const tag = raw.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * PUT (RFC 4918 §9.7): the body streamed into a hidden staging file and renamed into place
 * (never a partial file), the replaced content kept as a version; If-Match / If-None-Match;
 * 201 for a new file, 204 for a replaced one, with the new ETag.
 */
export async function put(call: DavCall): Promise<void> {
  refuseReadOnly(call);
  const { fs, deps, user } = call;
  const target = await fs.resolve(call.path);
  refuseReservedNames(target.path);
  await refuseMacMetadata(call, target.path);
  if (call.request.headers["content-range"] !== undefined) {
    throw badRequest("Partial PUT (Content-Range) is not supported");
  }
  if (target.trailingSlash || target.path === "/") {
    throw new AppError("METHOD_NOT_ALLOWED", "A folder cannot be written with PUT");
  }
  const existing = await fs.statOrNone(target.abs);
  if (existing?.isDirectory()) {
    throw new AppError("METHOD_NOT_ALLOWED", "A folder cannot be written with PUT");
  }
  if (existing && !user.perm.modify) throw forbidden("You may not modify files");
  if (!existing && !user.perm.create) throw forbidden("You may not create files here");
  if (!existing) await requireParent(call, target.abs);
  const current = existing && etagOf(await fs.statBig(target.abs));
  const ifMatch = call.request.headers["if-match"];
  if (typeof ifMatch === "string" && (!current || !matchesEtag(ifMatch, current))) {
    throw new AppError("PRECONDITION_FAILED", "If-Match does not hold");
  }
  const ifNoneMatch = call.request.headers["if-none-match"];
  if (typeof ifNoneMatch === "string" && current && matchesEtag(ifNoneMatch, current)) {
    throw new AppError("PRECONDITION_FAILED", "If-None-Match does not hold");
  }
  await checkWrite(call, [
    { key: keyOf(call, target), deep: false },
    ...(existing ? [] : [{ key: await parentKey(call, target.path), deep: false }]),
  ]);
  await fs.writeAtomic(target.abs, hasBody(call) ? bodyStream(call) : undefined);
  deps.events.emit({ type: existing ? "saved" : "created", userId: user.id, abs: target.abs });
  const etag = etagOf(await fs.statBig(target.abs));
  await call.reply
    .code(existing ? 204 : 201)
    .header("ETag", etag)
    .send();
}

/** MKCOL (RFC 4918 §9.3): one new folder; 405 when something is there, 409 without a parent. */
export async function mkcol(call: DavCall): Promise<void> {
  refuseReadOnly(call);
  const { fs, deps, user } = call;
  if (!user.perm.create) throw forbidden("You may not create files here");
  if (hasBody(call)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "MKCOL takes no body");
  const target = await fs.resolve(call.path);
  refuseReservedNames(target.path);
  if (await fs.lstatOrNone(target.abs)) {
    throw new AppError("METHOD_NOT_ALLOWED", "Something already exists at this URL");
  }
  await requireParent(call, target.abs);
  await checkWrite(call, [{ key: await parentKey(call, target.path), deep: false }]);
  await fs.mkdir(target.abs, false);
  deps.events.emit({ type: "created", userId: user.id, abs: target.abs });
  await call.reply.code(201).send();
}

/**
 * DELETE (RFC 4918 §9.6): into the user's trash (or at once when the settings keep nothing),
 * a folder with everything in it; a link is removed as a link. Its locks and dead properties go.
 */
export async function remove(call: DavCall): Promise<void> {
  refuseReadOnly(call);
  const { fs, deps, user } = call;
  if (!user.perm.delete) throw forbidden("You may not delete files");
  const target = await fs.resolve(call.path, { followLink: false });
  if (target.path === "/") throw forbidden("The root of your files cannot be deleted");
  const info = await fs.lstat(target.abs);
  const depth = call.request.headers.depth;
  if (info.isDirectory() && depth !== undefined && String(depth).toLowerCase() !== "infinity") {
    throw badRequest("A folder is deleted with Depth: infinity");
  }
  const key = keyOf(call, target, true);
  await checkWrite(call, [
    { key, deep: true },
    { key: await parentKey(call, target.path), deep: false },
  ]);
  if (!(await deps.trash?.put(user, fs, target))) await fs.remove(target.abs);
  deps.events.emit({ type: "deleted", userId: user.id, abs: target.abs });
  await deps.locks.dropWithin(key);
  await deps.props.drop(key);
  await call.reply.code(204).send();
}
