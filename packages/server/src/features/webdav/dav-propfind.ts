import path from "node:path";
import { badRequest } from "../../errors.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { childrenOf, type DavEntry } from "./dav-entry.js";
import { DavError } from "./dav-error.js";
import {
  LIVE_PROPS,
  NOT_IN_ALLPROP,
  allLiveXml,
  liveValue,
  type LiveExtra,
} from "./dav-live-props.js";
import { lockDiscoveryXml } from "./dav-lock-xml.js";
import { multistatus, propElement, propstat, response } from "./dav-multistatus.js";
import { hrefOf } from "./dav-paths.js";
import type { DavLock } from "./dav-locks.js";
import { readXmlBody } from "./dav-body.js";
import { DAV, elements, type XmlElement } from "./xml/parse-xml.js";

/** What a PROPFIND asks: every property, their names, or the listed ones. */
type Ask =
  | { kind: "allprop"; include: { ns: string; name: string }[] }
  | { kind: "propname" }
  | { kind: "prop"; names: { ns: string; name: string }[] };

/** Reads the body of a PROPFIND (none: allprop, RFC 4918 §9.1); 400 for anything else. */
function askOf(body: XmlElement | undefined): Ask {
  if (!body) return { kind: "allprop", include: [] };
  if (body.ns !== DAV || body.name !== "propfind") throw badRequest("Expected DAV:propfind");
  const parts = elements(body);
  const of = (name: string) => parts.find((e) => e.ns === DAV && e.name === name);
  const names = (el: XmlElement | undefined) =>
    el ? elements(el).map((e) => ({ ns: e.ns, name: e.name })) : [];
  if (of("propname")) return { kind: "propname" };
  if (of("allprop")) return { kind: "allprop", include: names(of("include")) };
  const prop = of("prop");
  if (prop) return { kind: "prop", names: names(prop) };
  throw badRequest("DAV:propfind needs prop, allprop or propname");
}

/** The Depth of a PROPFIND: 0 or 1; infinity (the default) refused as Apache does. */
function depthOf(call: DavCall): 0 | 1 {
  const depth = String(call.request.headers.depth ?? "infinity")
    .trim()
    .toLowerCase();
  if (depth === "0") return 0;
  if (depth === "1") return 1;
  if (depth === "infinity") {
    throw new DavError(
      "FORBIDDEN",
      "PROPFIND with Depth: infinity is not served; ask Depth 0 or 1",
      "<D:propfind-finite-depth/>",
    );
  }
  throw badRequest("Depth must be 0, 1 or infinity");
}

/** The locks that bear on each entry, read in two queries for a whole folder. */
function lockIndex(folderLocks: DavLock[], below: DavLock[], folderKey: string) {
  return (entry: DavEntry, key: string): DavLock[] => {
    if (key === folderKey) return folderLocks;
    const inherited = folderLocks.filter((l) => l.depth === "infinity");
    return [...inherited, ...below.filter((l) => l.path === key)];
  };
}

/** PROPFIND (RFC 4918 §9.1): Depth 0 or 1, allprop, propname or listed properties. */
export async function propfind(call: DavCall): Promise<void> {
  const depth = depthOf(call);
  const ask = askOf(await readXmlBody(call));
  const { fs, deps } = call;
  const target = await fs.resolve(call.path);
  const stats = await fs.statBig(target.abs);
  const root: DavEntry = {
    path: target.path,
    name: target.path === "/" ? "" : path.posix.basename(target.path),
    isDir: stats.isDirectory(),
    stats,
  };
  const folderKey = keyOf(call, target);
  const entries = [root];
  if (depth === 1 && root.isDir) entries.push(...(await childrenOf(fs, root, target.abs)));
  const wantsLocks =
    ask.kind === "allprop" ||
    (ask.kind === "prop" && ask.names.some((n) => n.ns === DAV && n.name === "lockdiscovery"));
  const locksOf = wantsLocks
    ? lockIndex(
        await deps.locks.covering(folderKey),
        entries.length > 1 ? await deps.locks.within(folderKey) : [],
        folderKey,
      )
    : () => [];
  const wantsDead = ask.kind !== "prop" || ask.names.some((n) => n.ns !== DAV || !isLive(n.name));
  type Dead = { ns: string; name: string; valueXml: string }[];
  let deadByKey = new Map<string, Dead>();
  if (wantsDead && entries.length > 1) deadByKey = await deps.props.listWithMembers(folderKey);
  else if (wantsDead) deadByKey.set(folderKey, await deps.props.list(folderKey));

  // What needs a query or a system call is fetched once, before the (synchronous) loop.
  const wanted = wantedOf(ask);
  const names = new Set(wanted.map((w) => w.name));
  const quota =
    root.isDir && (names.has("quota-used-bytes") || names.has("quota-available-bytes"))
      ? await quotaOf(call, target.abs)
      : undefined;
  const responses: string[] = [];
  for (const entry of entries) {
    const key = entry === root ? folderKey : `${folderKey === "/" ? "" : folderKey}/${entry.name}`;
    const locks = locksOf(entry, key);
    const extra: LiveExtra = {
      lockXml: locks.length ? await lockDiscoveryXml(locks, call) : "",
      quota: entry === root ? quota : undefined,
    };
    const dead = deadByKey.get(key) ?? [];
    responses.push(
      response(hrefOf(call.baseURL, entry.path, entry.isDir), {
        propstats: propstatsOf(entry, ask, wanted, dead, extra),
      }),
    );
  }
  await call.reply.code(207).type("application/xml; charset=utf-8").send(multistatus(responses));
}

const LIVE: ReadonlySet<string> = new Set(LIVE_PROPS);
const isLive = (name: string) => LIVE.has(name);

/** The space a folder's scope uses and what is still free on its volume (RFC 4331). */
async function quotaOf(call: DavCall, abs: string) {
  const vol = await call.fs.statfs(abs);
  const used = await call.deps.sizes.sizeOf(call.fs.root);
  return { used, available: vol.bavail * vol.bsize };
}

const ALLPROP_LIVE = LIVE_PROPS.filter((n) => !NOT_IN_ALLPROP.has(n)).map((name) => ({
  ns: DAV,
  name,
}));

/** The properties a PROPFIND names (allprop: the live ones but the quotas, and its include). */
function wantedOf(ask: Ask): { ns: string; name: string }[] {
  if (ask.kind === "allprop") {
    return [
      ...ALLPROP_LIVE,
      ...ask.include.filter((n) => n.ns !== DAV || NOT_IN_ALLPROP.has(n.name)),
    ];
  }
  return ask.kind === "prop" ? ask.names : [];
}

function propstatsOf(
  entry: DavEntry,
  ask: Ask,
  wanted: { ns: string; name: string }[],
  dead: { ns: string; name: string; valueXml: string }[],
  extra: LiveExtra,
): string[] {
  if (ask.kind === "propname") {
    const names = ALLPROP_LIVE.map((n) => propElement(DAV, n.name));
    return [propstat([...names, ...dead.map((d) => propElement(d.ns, d.name))], 200)];
  }
  if (ask.kind === "allprop" && ask.include.length === 0) {
    return [propstat([allLiveXml(entry, extra.lockXml), ...dead.map((d) => d.valueXml)], 200)];
  }
  const found: string[] = [];
  const missing: string[] = [];
  for (const { ns, name } of wanted) {
    if (ns === DAV && isLive(name)) {
      const value = liveValue(name, entry, extra);
      if (value === undefined) {
        if (ask.kind === "prop") missing.push(propElement(ns, name));
      } else found.push(propElement(ns, name, value));
      continue;
    }
    const stored = dead.find((d) => d.ns === ns && d.name === name);
    if (stored) found.push(stored.valueXml);
    else if (ask.kind === "prop") missing.push(propElement(ns, name));
  }
  if (ask.kind === "allprop") {
    for (const d of dead) if (!found.includes(d.valueXml)) found.push(d.valueXml);
  }
  const out = [];
  if (found.length || !missing.length) out.push(propstat(found, 200));
  if (missing.length) out.push(propstat(missing, 404));
  return out;
}
