import { readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoLeak, outsideAda, SECRET } from "../test/attack-target.js";
import {
  LOCK_BODY,
  PROPFIND_ALL,
  proppatchBody,
  startDavTarget,
  type DavTarget,
} from "../test/dav-attack.js";

/**
 * WebDAV (issue 32) XML bodies and headers: XXE, billion laughs, external DTDs and parameter
 * entities, deep nesting, malformed and non-UTF-8 XML, oversized bodies (with and without a
 * length), a PROPPATCH of 10,000 properties, and Depth values. A DOCTYPE is refused (400); no
 * entity's text ever reaches an answer or a stored property; nothing outside the scope changes.
 */
let target: DavTarget;
let before: string[];
/** A server that counts requests: an external DTD or entity fetched would reach it. */
let lure: Server;
let lureHits = 0;
let lureUrl = "";

beforeAll(async () => {
  target = await startDavTarget();
  before = await outsideAda(target);
  lure = createServer((_req, res) => {
    lureHits++;
    res.end(`<!ENTITY leak "LURE-FETCHED">`);
  });
  await new Promise<void>((r) => lure.listen(0, "127.0.0.1", r));
  lureUrl = `http://127.0.0.1:${(lure.address() as AddressInfo).port}/evil.dtd`;
});
afterAll(async () => {
  await target.close();
  await new Promise((r) => lure.close(r));
});

const SECRET_FILE = () => path.join(target.t.root, "secret", "secret.txt");
const xml = { "content-type": "application/xml; charset=utf-8" };

/** Bodies that declare or use entities, one per kind, for a root element `root`. */
function hostile(root: string, inner: string): [string, string][] {
  const open = `<D:${root} xmlns:D="DAV:">`;
  const close = `</D:${root}>`;
  const laughs = [
    '<!ENTITY l0 "lol">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`),
  ].join("");
  return [
    [
      "XXE file",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://${SECRET_FILE()}">]>${open}${inner.replace("VALUE", "&e;")}${close}`,
    ],
    [
      "XXE /etc/passwd",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${open}${inner.replace("VALUE", "&e;")}${close}`,
    ],
    [
      "billion laughs",
      `<?xml version="1.0"?><!DOCTYPE x [${laughs}]>${open}${inner.replace("VALUE", "&l9;")}${close}`,
    ],
    [
      "external DTD",
      `<?xml version="1.0"?><!DOCTYPE x SYSTEM "${lureUrl}">${open}${inner.replace("VALUE", "&leak;")}${close}`,
    ],
    [
      "parameter entity",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY % p SYSTEM "${lureUrl}"> %p;]>${open}${inner.replace("VALUE", "&leak;")}${close}`,
    ],
    [
      "internal entity",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "INTERNAL-ENTITY">]>${open}${inner.replace("VALUE", "&e;")}${close}`,
    ],
    ["undeclared entity", `<?xml version="1.0"?>${open}${inner.replace("VALUE", "&e;")}${close}`],
    [
      "DOCTYPE after a comment",
      `<?xml version="1.0"?><!-- x --><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${open}${inner.replace("VALUE", "&e;")}${close}`,
    ],
  ];
}

const BODIES: Record<string, string> = {
  PROPFIND: "<D:prop><D:getetag/>VALUE</D:prop>",
  PROPPATCH: '<D:set><D:prop><Z:note xmlns:Z="urn:attack">VALUE</Z:note></D:prop></D:set>',
  LOCK: "<D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>VALUE</D:owner>",
};
const ROOTS: Record<string, string> = {
  PROPFIND: "propfind",
  PROPPATCH: "propertyupdate",
  LOCK: "lockinfo",
};

/** No trace of an entity's text anywhere: the answer, the file's properties, its locks. */
async function expectNothingResolved(text: string, label: string) {
  for (const trace of [SECRET, "root:x:0", "lollol", "LURE-FETCHED", "INTERNAL-ENTITY"]) {
    expect(text.includes(trace), `${label}: ${trace}`).toBe(false);
  }
  const props = await target.dav("ada", "PROPFIND", "/dav/doc.tex", {
    headers: { depth: "0" },
    body: PROPFIND_ALL,
  });
  expect(props.status).toBe(207);
  const stored = props.body.toString("utf8");
  expect(stored, label).not.toContain("urn:attack");
  expect(stored, label).not.toContain("<D:activelock>");
}

describe("XML bodies", () => {
  it("any DOCTYPE in PROPFIND, PROPPATCH and LOCK is 400, quickly, and nothing is resolved or fetched", async () => {
    for (const method of ["PROPFIND", "PROPPATCH", "LOCK"]) {
      for (const [name, body] of hostile(ROOTS[method]!, BODIES[method]!)) {
        const label = `${method} ${name}`;
        const started = Date.now();
        const res = await target.dav("ada", method, "/dav/doc.tex", {
          headers: { ...xml, depth: "0" },
          body,
        });
        expect(Date.now() - started, label).toBeLessThan(2000);
        expectNoLeak(target, res, label);
        expect(res.status, label).toBe(400);
        await expectNothingResolved(res.body.toString("latin1"), label);
      }
    }
    expect(lureHits).toBe(0);
    expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toBe("\\section{In scope}\n");
    expect(await outsideAda(target)).toEqual(before);
  });

  it("deep nesting, malformed XML and text that is not UTF-8 are 400", async () => {
    const deep = (n: number) =>
      `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>${"<a>".repeat(n)}${"</a>".repeat(n)}</D:prop></D:propfind>`;
    const cases: [string, string | Buffer, number[]][] = [
      ["10,000 levels", deep(10_000), [400]],
      ["100,000 levels", deep(100_000), [400]],
      ["unclosed", '<D:propfind xmlns:D="DAV:"><D:prop>', [400]],
      ["mismatched", '<D:propfind xmlns:D="DAV:"></D:prop>', [400]],
      ["two roots", '<D:propfind xmlns:D="DAV:"/><D:propfind xmlns:D="DAV:"/>', [400]],
      ["unbound prefix", "<D:propfind><D:allprop/></D:propfind>", [400]],
      ["not XML", '{"json": true}', [400]],
      [
        "Latin-1",
        Buffer.from(
          '<D:propfind xmlns:D="DAV:"><D:prop><D:caf\xe9/></D:prop></D:propfind>',
          "latin1",
        ),
        [400],
      ],
      [
        "UTF-16",
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PROPFIND_ALL, "utf16le")]),
        [400],
      ],
      [
        "overlong UTF-8",
        Buffer.concat([
          Buffer.from('<D:propfind xmlns:D="DAV:"><D:prop><D:'),
          Buffer.from([0xc0, 0xae]),
          Buffer.from("/></D:prop></D:propfind>"),
        ]),
        [400],
      ],
      ["NUL", '<D:propfind xmlns:D="DAV:"><D:prop><D:x\0/></D:prop></D:propfind>', [400]],
      ["an unknown root", '<D:nothing xmlns:D="DAV:"/>', [400]],
      ["a root of another namespace", '<propfind xmlns="urn:not-dav"><allprop/></propfind>', [400]],
    ];
    for (const [name, body, statuses] of cases) {
      for (const method of ["PROPFIND", "PROPPATCH", "LOCK"]) {
        const started = Date.now();
        const res = await target.dav("ada", method, "/dav/doc.tex", {
          headers: { ...xml, depth: "0" },
          body,
        });
        expect(Date.now() - started, `${method} ${name}`).toBeLessThan(5000);
        expectNoLeak(target, res, `${method} ${name}`);
        expect(statuses, `${method} ${name}: ${res.status}`).toContain(res.status);
      }
    }
    await expectNothingResolved("", "malformed");
  });

  it("a body above 1 MiB is 413, with a length and chunked without one; nothing is stored", async () => {
    const filler = `<Z:pad xmlns:Z="urn:attack">${"x".repeat(1024 * 1024)}</Z:pad>`;
    for (const method of ["PROPFIND", "PROPPATCH", "LOCK"]) {
      const body = `<?xml version="1.0"?><D:${ROOTS[method]} xmlns:D="DAV:">${filler}</D:${ROOTS[method]}>`;
      const sized = await target.dav("ada", method, "/dav/doc.tex", {
        headers: { ...xml, depth: "0" },
        body,
      });
      expect(sized.status, `${method} sized`).toBe(413);
      const chunked = await target.dav("ada", method, "/dav/doc.tex", {
        headers: { ...xml, depth: "0", "transfer-encoding": "chunked" },
        body,
      });
      expect(chunked.status, `${method} chunked`).toBe(413);
      // A length that lies low is cut at its word, never read on past it.
      const lying = await target.dav("ada", method, "/dav/doc.tex", {
        headers: { ...xml, depth: "0", "content-length": String(8 * 1024 * 1024 * 1024) },
        body: "<x/>",
      });
      expect(lying.status, `${method} 8 GiB announced`).toBe(413);
    }
    await expectNothingResolved("", "oversized");
  });

  it("a PROPPATCH of 10,000 properties is refused quickly (403: a file keeps 1,000), all or nothing", async () => {
    const props = Array.from({ length: 10_000 }, (_, i) => `<Z:p${i}>v${i}</Z:p${i}>`).join("");
    const body = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:many"><D:set><D:prop>${props}</D:prop></D:set></D:propertyupdate>`;
    await writeFile(path.join(target.ada, "many.txt"), "m");
    const started = Date.now();
    const res = await target.dav("ada", "PROPPATCH", "/dav/many.txt", { headers: xml, body });
    expect(Date.now() - started).toBeLessThan(10_000);
    expectNoLeak(target, res, "PROPPATCH 10,000");
    const read = await target.dav("ada", "PROPFIND", "/dav/many.txt", {
      headers: { depth: "0" },
      body: PROPFIND_ALL,
    });
    const stored = (read.body.toString("utf8").match(/<[\w-]+:p\d+[ >]/g) ?? []).length;
    // Refused as too many, none stored.
    expect(res.status).toBe(403);
    expect(stored).toBe(0);
    // 1,000 are kept; one more, sent later, is refused: the cap holds across requests.
    const thousand = body.replace(/<Z:p(\d{4,})>v\d+<\/Z:p\d+>/g, "");
    const kept = await target.dav("ada", "PROPPATCH", "/dav/many.txt", {
      headers: xml,
      body: thousand,
    });
    expect(kept.status).toBe(207);
    const one = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:many"><D:set><D:prop><Z:extra>1</Z:extra></D:prop></D:set></D:propertyupdate>`;
    expect(
      (await target.dav("ada", "PROPPATCH", "/dav/many.txt", { headers: xml, body: one })).status,
    ).toBe(403);
    // One protected property among them fails them all (RFC 4918 §9.2): none stored.
    await writeFile(path.join(target.ada, "many2.txt"), "m");
    const poisoned = body.replace("<Z:p5000>v5000</Z:p5000>", "<D:getetag>x</D:getetag>");
    const all = await target.dav("ada", "PROPPATCH", "/dav/many2.txt", {
      headers: xml,
      body: poisoned,
    });
    expectNoLeak(target, all, "PROPPATCH poisoned");
    const read2 = await target.dav("ada", "PROPFIND", "/dav/many2.txt", {
      headers: { depth: "0" },
      body: PROPFIND_ALL,
    });
    expect(read2.body.toString("utf8")).not.toMatch(/<[\w-]+:p\d+[ >]/);
  });

  it("a stored property's value is given back as data, never as markup or an entity", async () => {
    const res = await target.dav("ada", "PROPPATCH", "/dav/doc.tex", {
      headers: xml,
      body: proppatchBody(
        "&lt;!DOCTYPE x [&lt;!ENTITY e SYSTEM 'file:///etc/passwd'&gt;]&gt;&amp;e;",
        "evil",
      ),
    });
    expect(res.status).toBe(207);
    const read = await target.dav("ada", "PROPFIND", "/dav/doc.tex", { headers: { depth: "0" } });
    const text = read.body.toString("utf8");
    expect(text).not.toContain("<!DOCTYPE");
    expect(text).not.toContain("root:x:0");
    expect(text).toContain("&lt;!DOCTYPE");
    await target.dav("ada", "PROPPATCH", "/dav/doc.tex", {
      headers: xml,
      body: '<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:attack"><D:remove><D:prop><Z:evil/></D:prop></D:remove></D:propertyupdate>',
    });
  });
});

describe("Depth", () => {
  it("PROPFIND with Depth infinity, or none, is 403 propfind-finite-depth; other values 400", async () => {
    for (const depth of ["infinity", "Infinity", " infinity ", undefined]) {
      const headers: Record<string, string> = depth === undefined ? {} : { depth };
      for (const body of [undefined, PROPFIND_ALL]) {
        const res = await target.dav("ada", "PROPFIND", "/dav/", {
          headers,
          ...(body !== undefined && { body }),
        });
        expect(res.status, `Depth ${String(depth)}`).toBe(403);
        expect(res.body.toString("utf8")).toContain("<D:propfind-finite-depth/>");
        expect(res.body.toString("utf8")).not.toContain("doc.tex");
      }
    }
    for (const depth of ["2", "-1", "1.0", "one", "0,1", "", "infinity;x"]) {
      const res = await target.dav("ada", "PROPFIND", "/dav/", { headers: { depth } });
      expect(res.status, `Depth "${depth}"`).toBe(400);
    }
  });

  it("COPY, MOVE and LOCK with a Depth they do not take are 400 and change nothing", async () => {
    const snapshot = async () => [
      await outsideAda(target),
      await readFile(path.join(target.ada, "doc.tex"), "utf8"),
    ];
    const was = await snapshot();
    const cases: [string, string, string[]][] = [
      ["COPY", "/dav/pub", ["1", "2", "-1", "x", "infinity, 0"]],
      ["MOVE", "/dav/pub", ["0", "1", "2", "x"]],
      ["LOCK", "/dav/pub", ["1", "2", "x"]],
      ["LOCK", "/dav/doc.tex", ["1", "x"]],
    ];
    for (const [method, url, depths] of cases) {
      for (const depth of depths) {
        const res = await target.dav("ada", method, url, {
          headers: { depth, destination: "/dav/depth-copy" },
          ...(method === "LOCK" && { body: LOCK_BODY }),
        });
        expect(res.status, `${method} ${url} Depth ${depth}`).toBe(400);
      }
    }
    expect(await snapshot()).toEqual(was);
    const props = await target.dav("ada", "PROPFIND", "/dav/pub", { headers: { depth: "0" } });
    expect(props.body.toString("utf8")).not.toContain("<D:activelock>");
    const copy = await target.dav("ada", "PROPFIND", "/dav/depth-copy", {
      headers: { depth: "0" },
    });
    expect(copy.status).toBe(404);
  });
});
