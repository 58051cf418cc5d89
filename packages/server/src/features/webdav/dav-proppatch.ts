import { AppError, badRequest, forbidden } from "../../errors.js";
import { readXmlBody } from "./dav-body.js";
import { checkWrite } from "./dav-conditions.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { PROTECTED } from "./dav-live-props.js";
import { refuseReadOnly } from "./dav-files.js";
import { multistatus, propElement, propstat, response } from "./dav-multistatus.js";
import { hrefOf } from "./dav-paths.js";
import { DAV, elements } from "./xml/parse-xml.js";
import { serializeElement } from "./xml/write-xml.js";

/** What one file or folder may keep: 1,000 dead properties, 1 MiB of them in all. */
export const MAX_PROPS = 1000;
export const MAX_PROPS_BYTES = 1024 * 1024;

type Op =
  | { op: "set"; ns: string; name: string; valueXml: string }
  | { op: "remove"; ns: string; name: string };

/**
 * 403 when the properties the resource would keep after `ops` are more than MAX_PROPS or
 * MAX_PROPS_BYTES: the database is shared by everyone, and a client could otherwise fill it one
 * PROPPATCH at a time. (RFC 4918 §9.2.1 would allow 507; a limit the client ran into is a 4xx
 * here, as every refusal of bad input is.)
 */
async function refuseTooMany(call: DavCall, key: string, ops: Op[]): Promise<void> {
  const kept = new Map<string, number>();
  for (const p of await call.deps.props.list(key)) {
    kept.set(`${p.ns} ${p.name}`, Buffer.byteLength(p.valueXml));
  }
  for (const op of ops) {
    if (op.op === "set") kept.set(`${op.ns} ${op.name}`, Buffer.byteLength(op.valueXml));
    else kept.delete(`${op.ns} ${op.name}`);
  }
  let bytes = 0;
  for (const size of kept.values()) bytes += size;
  if (kept.size > MAX_PROPS || bytes > MAX_PROPS_BYTES) {
    throw new AppError(
      "FORBIDDEN",
      `A file or folder keeps at most ${MAX_PROPS} properties and 1 MiB of them`,
    );
  }
}

/**
 * PROPPATCH (RFC 4918 §9.2): the set and remove instructions in document order, all or none:
 * one protected (live) property fails the whole request (403 for it, 424 for the others).
 * Dead properties are kept in the database under the file's real place, whole elements with
 * their namespaces, so that they are given back as they were set.
 */
export async function proppatch(call: DavCall): Promise<void> {
  refuseReadOnly(call);
  const { fs, deps, user } = call;
  if (!user.perm.modify) throw forbidden("You may not modify files");
  const body = await readXmlBody(call);
  if (!body || body.ns !== DAV || body.name !== "propertyupdate") {
    throw badRequest("Expected DAV:propertyupdate");
  }
  const target = await fs.resolve(call.path);
  const stats = await fs.statBig(target.abs);
  const ops: Op[] = [];
  for (const instruction of elements(body)) {
    if (instruction.ns !== DAV || (instruction.name !== "set" && instruction.name !== "remove")) {
      throw badRequest("DAV:propertyupdate holds only DAV:set and DAV:remove");
    }
    const prop = elements(instruction).find((e) => e.ns === DAV && e.name === "prop");
    if (!prop) throw badRequest(`DAV:${instruction.name} needs a DAV:prop`);
    for (const p of elements(prop)) {
      ops.push(
        instruction.name === "set"
          ? { op: "set", ns: p.ns, name: p.name, valueXml: serializeElement(p) }
          : { op: "remove", ns: p.ns, name: p.name },
      );
    }
  }
  const key = keyOf(call, target);
  await checkWrite(call, [{ key, deep: false }]);
  const refused = ops.filter((o) => o.ns === DAV && PROTECTED.has(o.name));
  const names = (list: Op[]) => list.map((o) => propElement(o.ns, o.name));
  let propstats: string[];
  if (refused.length > 0) {
    const others = ops.filter((o) => !refused.includes(o));
    propstats = [propstat(names(refused), 403)];
    if (others.length) propstats.push(propstat(names(others), 424));
  } else {
    await refuseTooMany(call, key, ops);
    await deps.props.patch(key, ops);
    propstats = [propstat(names(ops), 200)];
  }
  await call.reply
    .code(207)
    .type("application/xml; charset=utf-8")
    .send(
      multistatus([
        response(hrefOf(call.baseURL, target.path, stats.isDirectory()), { propstats }),
      ]),
    );
}
