import { escapeXml } from "./xml/write-xml.js";
import { davContentType, etagOf, type DavEntry } from "./dav-entry.js";

/** The live properties of DAV: this server computes. `allprop` names all but the quotas. */
export const LIVE_PROPS = [
  "creationdate",
  "displayname",
  "getcontentlength",
  "getcontenttype",
  "getetag",
  "getlastmodified",
  "lockdiscovery",
  "resourcetype",
  "supportedlock",
  "quota-used-bytes",
  "quota-available-bytes",
] as const;
export type LiveProp = (typeof LIVE_PROPS)[number];

/** Not in an allprop answer (RFC 4331 §3: they may be expensive). */
export const NOT_IN_ALLPROP: ReadonlySet<string> = new Set([
  "quota-used-bytes",
  "quota-available-bytes",
]);

/** Properties a client may not set or remove (RFC 4918 §15): every live one, as Apache's. */
export const PROTECTED: ReadonlySet<string> = new Set(LIVE_PROPS);

/** Each write lock kind this server grants (RFC 4918 §15.10). */
const SUPPORTED_LOCK =
  "<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>" +
  "<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>";

/** What a live property needs beyond the entry itself, computed before: locks and quotas. */
export interface LiveExtra {
  /** The inner XML of its lockdiscovery ("" without locks). */
  lockXml: string;
  /** A folder's quota, when asked for. */
  quota?: { used: number; available: number };
}

const SUPPORTED_LOCK_PROP = `<D:supportedlock>${SUPPORTED_LOCK}</D:supportedlock>`;

/** A date as RFC 4918's creationdate wants it (RFC 3339, whole seconds). */
function creationDate(stats: DavEntry["stats"]): string {
  const born = stats.birthtimeMs > 0n ? stats.birthtimeMs : stats.ctimeMs;
  return new Date(Number(born)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Every live property of an allprop answer, in one string: the same values as `liveValue`
 * gives one by one, built at once because a listing of 10,000 entries asks them all.
 */
export function allLiveXml(entry: DavEntry, lockXml: string): string {
  const { stats } = entry;
  const file = entry.isDir
    ? ""
    : `<D:getcontentlength>${stats.size}</D:getcontentlength>` +
      `<D:getcontenttype>${escapeXml(davContentType(entry.name))}</D:getcontenttype>`;
  return (
    `<D:creationdate>${creationDate(stats)}</D:creationdate>` +
    `<D:displayname>${escapeXml(entry.name)}</D:displayname>` +
    file +
    `<D:getetag>${etagOf(stats)}</D:getetag>` +
    `<D:getlastmodified>${new Date(Number(stats.mtimeMs)).toUTCString()}</D:getlastmodified>` +
    (lockXml ? `<D:lockdiscovery>${lockXml}</D:lockdiscovery>` : "<D:lockdiscovery/>") +
    (entry.isDir ? "<D:resourcetype><D:collection/></D:resourcetype>" : "<D:resourcetype/>") +
    SUPPORTED_LOCK_PROP
  );
}

/**
 * The inner XML of a live property of `entry` (prefix `D:` for DAV:), or undefined when the
 * property does not apply to it (a folder's length, a file's quota): a 404 propstat then.
 */
export function liveValue(name: string, entry: DavEntry, extra: LiveExtra): string | undefined {
  const { stats } = entry;
  switch (name) {
    case "creationdate":
      return creationDate(stats);
    case "displayname":
      return escapeXml(entry.name);
    case "getcontentlength":
      return entry.isDir ? undefined : stats.size.toString();
    case "getcontenttype":
      return entry.isDir ? undefined : escapeXml(davContentType(entry.name));
    case "getetag":
      return etagOf(stats); // quotes and hex digits only
    case "getlastmodified":
      return new Date(Number(stats.mtimeMs)).toUTCString();
    case "resourcetype":
      return entry.isDir ? "<D:collection/>" : "";
    case "supportedlock":
      return SUPPORTED_LOCK;
    case "lockdiscovery":
      return extra.lockXml;
    case "quota-used-bytes":
    case "quota-available-bytes": {
      const quota = extra.quota;
      if (!entry.isDir || !quota) return undefined;
      return String(name === "quota-used-bytes" ? quota.used : quota.available);
    }
    default:
      return undefined;
  }
}
