import { badRequest, forbidden } from "../../errors.js";
import { readXmlBody } from "./dav-body.js";
import { checkWrite } from "./dav-conditions.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { PROTECTED } from "./dav-live-props.js";
import { refuseReadOnly } from "./dav-files.js";
import { multistatus, propElement, propstat, response } from "./dav-multistatus.js";
import { hrefOf } from "./dav-paths.js";
import { DAV, elements } from "./xml/parse-xml.js";
import { serializeElement } from "./xml/write-xml.js";

type Op =
  | { op: "set"; ns: string; name: string; valueXml: string }
  | { op: "remove"; ns: string; name: string };

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
