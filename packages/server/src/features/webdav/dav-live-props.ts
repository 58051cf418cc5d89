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

/** What a live property needs beyond the entry itself: locks and quotas, computed on demand. */
export interface LiveContext {
  lockDiscovery(entry: DavEntry): Promise<string>;
  quota(entry: DavEntry): Promise<{ used: number; available: number } | undefined>;
}

/**
 * The inner XML of a live property of `entry` (prefix `D:` for DAV:), or undefined when the
 * property does not apply to it (a folder's length, a file's quota): a 404 propstat then.
 */
export async function liveValue(
  name: string,
  entry: DavEntry,
  ctx: LiveContext,
): Promise<string | undefined> {
  const { stats } = entry;
  switch (name) {
    case "creationdate": {
      const born = stats.birthtimeMs > 0n ? stats.birthtimeMs : stats.ctimeMs;
      return new Date(Number(born)).toISOString().replace(/\.\d{3}Z$/, "Z");
    }
    case "displayname":
      return escapeXml(entry.name);
    case "getcontentlength":
      return entry.isDir ? undefined : stats.size.toString();
    case "getcontenttype":
      return entry.isDir ? undefined : escapeXml(davContentType(entry.name));
    case "getetag":
      return escapeXml(etagOf(stats));
    case "getlastmodified":
      return new Date(Number(stats.mtimeMs)).toUTCString();
    case "resourcetype":
      return entry.isDir ? "<D:collection/>" : "";
    case "supportedlock":
      return SUPPORTED_LOCK;
    case "lockdiscovery":
      return ctx.lockDiscovery(entry);
    case "quota-used-bytes":
    case "quota-available-bytes": {
      if (!entry.isDir) return undefined;
      const quota = await ctx.quota(entry);
      if (!quota) return undefined;
      return String(name === "quota-used-bytes" ? quota.used : quota.available);
    }
    default:
      return undefined;
  }
}
