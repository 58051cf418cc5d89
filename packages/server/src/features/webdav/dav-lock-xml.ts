import path from "node:path";
import type { DavCall } from "./dav-context.js";
import type { DavLock } from "./dav-locks.js";
import { hrefOf } from "./dav-paths.js";
import { escapeXml } from "./xml/write-xml.js";

/**
 * The user path a lock's key names in the caller's view, when the lock lies inside it (a lock
 * taken through a wider scope may sit above this user's root: then the request's path stands in).
 */
function userPathOfKey(call: DavCall, realRoot: string, key: string): string {
  const rel = path.relative(realRoot, path.join(call.filesRoot, key));
  if (rel.startsWith("..") || path.isAbsolute(rel)) return call.path;
  return "/" + rel.split(path.sep).filter(Boolean).join("/");
}

/** One `D:activelock` (RFC 4918 §14.1). */
export function activeLockXml(lock: DavLock, lockRootHref: string, now = Date.now()): string {
  const scope = lock.exclusive ? "<D:exclusive/>" : "<D:shared/>";
  const left = Math.max(0, Math.round((lock.expiresAt - now) / 1000));
  return (
    "<D:activelock><D:locktype><D:write/></D:locktype>" +
    `<D:lockscope>${scope}</D:lockscope>` +
    `<D:depth>${lock.depth === 0 ? "0" : "infinity"}</D:depth>` +
    lock.ownerXml +
    `<D:timeout>Second-${left}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(lockRootHref)}</D:href></D:lockroot>` +
    "</D:activelock>"
  );
}

/** The inner XML of `D:lockdiscovery` for the locks bearing on a resource. */
export async function lockDiscoveryXml(locks: DavLock[], call: DavCall): Promise<string> {
  if (locks.length === 0) return "";
  const realRoot = await call.fs.realRoot();
  return locks
    .map((lock) => {
      const href = hrefOf(call.baseURL, userPathOfKey(call, realRoot, lock.path), false);
      return activeLockXml(lock, href);
    })
    .join("");
}
