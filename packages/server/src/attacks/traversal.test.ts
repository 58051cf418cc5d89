import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectNoLeak,
  expectSafe,
  outsideAda,
  patchUrl,
  SECRET,
  startTarget,
  type Target,
} from "../test/attack-target.js";
import { synctexOf } from "../test/synctex-data.js";

/**
 * Traversal and encodings on every path-taking route (File Browser advisories on path
 * traversal, API.md Part A §1): each way of naming a file outside ada's scope, sent over a real
 * socket exactly as written, on every route that takes a path. Reads never carry the secret;
 * writes never change anything outside the scope.
 */
let target: Target;
let before: string[];

beforeAll(async () => {
  target = await startTarget();
  // A PDF with SyncTeX data outside the scope: an escape would be answered its source line.
  const secret = path.join(target.t.root, "secret");
  await writeFile(path.join(secret, "secret.pdf"), "%PDF-1.4\n");
  await writeFile(path.join(secret, "secret.synctex.gz"), synctexOf([`${secret}/${SECRET}.tex`]));
  before = await outsideAda(target);
});
afterAll(() => target.close());

/** The server's files folder in an attack, known only once the target runs. */
const fill = (attack: string) =>
  attack.replace("{ROOT}", target.t.root).replace("{EROOT}", encodeURIComponent(target.t.root));

/** Ways of naming `<root>/secret/<file>` from inside ada's scope ({ROOT}: the server's root). */
function attacks(file: string): [string, string][] {
  const e = encodeURIComponent(file);
  return [
    ["dot-dot", `/../secret/${file}`],
    ["two dot-dots", `/../../secret/${file}`],
    ["encoded dots", `/%2e%2e/secret/${file}`],
    ["upper-case encoded dots", `/%2E%2E/%2E%2E/secret/${file}`],
    ["half-encoded dots", `/.%2e/secret/${file}`],
    ["encoded slash", `/..%2fsecret%2f${e}`],
    ["upper-case encoded slash", `/..%2F..%2Fsecret/${file}`],
    ["all encoded", `/%2e%2e%2f%2e%2e%2fsecret%2f${e}`],
    ["double slashes", `//..//..//secret/${file}`],
    ["from a subfolder", `/pub/../../secret/${file}`],
    ["encoded from a subfolder", `/pub/%2e%2e/%2e%2e/secret/${file}`],
    ["dot then dot-dot", `/./../secret/${file}`],
    ["encoded backslash", `/..%5csecret%5c${e}`],
    ["raw backslash", `/..\\..\\secret\\${file}`],
    ["double encoding", `/%252e%252e/%252e%252e/secret/${file}`],
    ["overlong UTF-8 dots", `/%c0%ae%c0%ae/secret/${file}`],
    ["full-width dots", `/%ef%bc%8e%ef%bc%8e/secret/${file}`],
    ["semicolon", `/..;/secret/${file}`],
    ["three dots", `/.../secret/${file}`],
    ["absolute server path", `/{ROOT}/secret/${file}`],
    ["encoded absolute", `/{EROOT}%2Fsecret%2F${e}`],
    ["NUL in a folder", `/secret%00/${file}`],
    ["NUL before dots", `/%00../secret/${file}`],
    ["another user's scope", `/../eve/eve.txt`],
    ["link out of the scope", `/escape/${file}`],
  ];
}

const READS: { route: string; file: string; method?: string; query?: string }[] = [
  { route: "/api/resources", file: "secret.txt" },
  { route: "/api/raw", file: "secret.txt" },
  { route: "/api/raw", file: "secret.txt", method: "HEAD" },
  { route: "/api/raw-inline", file: "secret.html" },
  { route: "/api/preview/thumb", file: "secret.png" },
  { route: "/api/preview/big", file: "secret.png" },
  { route: "/api/subtitle", file: "secret.srt" },
  { route: "/api/usage", file: "secret.txt" },
  { route: "/api/history", file: "secret.txt" },
  { route: "/api/synctex", file: "secret.pdf", query: "?page=1&x=1&y=1" },
  { route: "/api/synctex", file: "secret.pdf", query: "?file=/doc.tex&line=1" },
  { route: "/api/tus", file: "secret.txt", method: "HEAD" },
];

describe("reads: no route answers a byte from outside the scope", () => {
  for (const { route, file, method = "GET", query = "" } of READS) {
    for (const [name, attack] of attacks(file)) {
      it(`${method} ${route}${query} — ${name}`, async () => {
        const res = await target.as("ada", route + fill(attack) + query, { method });
        expectNoLeak(target, res, `${method} ${route}${attack}`);
        expect(res.headers.location, "no redirect out").toBeUndefined();
        // The only answers allowed: refused, missing, or clamped to a missing in-scope path.
        expect([400, 403, 404]).toContain(res.status);
      });
    }
  }

  for (const [name, attack] of attacks("secret.txt")) {
    it(`GET /api/resources?checksum — ${name}`, async () => {
      const res = await target.as("ada", `/api/resources${fill(attack)}?checksum=sha256`);
      expectNoLeak(target, res, attack);
      expect(res.body.toString()).not.toContain("checksums");
    });
  }
});

describe("the files= selection of an archive download", () => {
  const entries = [
    "../secret/secret.txt",
    "../../secret/secret.txt",
    "%2e%2e/secret/secret.txt",
    "..%2fsecret%2fsecret.txt",
    "/../../secret",
    "escape/secret.txt",
    "escape",
    "../eve/eve.txt",
    "pub/../../secret/secret.txt",
  ];
  for (const entry of entries) {
    it(`files=${entry}`, async () => {
      // Per-entry encoding, then the whole value again, as the client does; tar is uncompressed.
      const files = encodeURIComponent(encodeURIComponent(entry));
      const res = await target.as("ada", `/api/raw/?files=doc.tex,${files}&algo=tar`);
      expectNoLeak(target, res, entry);
    });
  }
});

describe("/api/inline/{capability}: stays in the capability's folder", () => {
  let base = "";
  beforeAll(async () => {
    const minted = await target.as("ada", "/api/raw-inline/pub/page.html");
    expect(minted.status).toBe(302);
    base = String(minted.headers.location).replace(/page\.html$/, "");
  });
  const rests = [
    ...attacks("secret.txt").map(([name, a]) => [name, a.slice(1)] as const),
    ["the scope's own file", "../doc.tex"],
    ["encoded to the scope", "%2e%2e/doc.tex"],
    ["bare dot-dot", ".."],
    ["private folder", "../private/denied.txt"],
  ] as const;
  for (const [name, rest] of rests) {
    it(`inline — ${name}`, async () => {
      const res = await target.as(undefined, base + fill(rest));
      expectNoLeak(target, res, rest);
      expect(res.body.toString()).not.toContain("In scope");
      expect([400, 403, 404]).toContain(res.status);
    });
  }
});

describe("writes: nothing changes outside the scope", () => {
  const writes: {
    method: string;
    route: string;
    headers?: Record<string, string>;
    body?: string;
  }[] = [
    { method: "POST", route: "/api/resources", body: "planted" },
    { method: "PUT", route: "/api/resources", body: "overwritten" },
    { method: "DELETE", route: "/api/resources" },
    { method: "POST", route: "/api/tus", headers: { "upload-length": "7" } },
    {
      method: "PATCH",
      route: "/api/tus",
      headers: { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: "planted",
    },
    { method: "DELETE", route: "/api/tus" },
  ];
  for (const { method, route, headers, body } of writes) {
    for (const [name, attack] of attacks("secret.txt")) {
      it(`${method} ${route} — ${name}`, async () => {
        const res = await target.as("ada", route + fill(attack) + "?override=true", {
          method,
          headers,
          body,
        });
        expectSafe(target, res, `${method} ${route}${attack}`);
        expect(await outsideAda(target)).toEqual(before);
      });
    }
  }

  attacks("copied.txt").forEach(([name, attack], i) => {
    for (const action of ["copy", "rename"]) {
      it(`PATCH ${action} destination — ${name}`, async () => {
        const source = `/pub/${action}-${i}.txt`;
        await writeFile(path.join(target.ada, source), "in scope");
        const destination = fill(attack);
        const res = await target.as("ada", patchUrl(source, action, destination), {
          method: "PATCH",
        });
        expectSafe(target, res, `${action} to ${destination}`);
        expect(await outsideAda(target)).toEqual(before);
      });
    }
  });

  for (const [name, attack] of attacks("secret.txt")) {
    it(`PATCH copy source — ${name}`, async () => {
      const res = await target.as("ada", patchUrl(fill(attack), "copy", "/stolen.txt"), {
        method: "PATCH",
      });
      expectSafe(target, res, `copy from ${attack}`);
      const stolen = await readFile(path.join(target.ada, "stolen.txt"), "utf8").catch(() => "");
      expect(stolen).not.toContain(SECRET);
    });
  }

  it("the secret is still there and unchanged", async () => {
    expect(await readFile(path.join(target.t.root, "secret", "secret.txt"), "utf8")).toBe(SECRET);
    expect(await outsideAda(target)).toEqual(before);
  });
});

describe("the controls: the same requests inside the scope work", () => {
  it("reads", async () => {
    for (const url of [
      "/api/raw/doc.tex",
      "/api/raw/pub/../doc.tex",
      "/api/resources/pub/%2e%2e/doc.tex",
      "/api/preview/thumb/pub/pic.png",
      "/api/subtitle/pub/subs.srt",
      "/api/usage/pub",
    ]) {
      const res = await target.as("ada", url);
      expectSafe(target, res, url);
      expect(res.status, url).toBe(200);
    }
    expect((await target.as("ada", "/api/raw-inline/pub/page.html")).status).toBe(302);
  });

  it("writes", async () => {
    const res = await target.as("ada", "/api/resources/pub/../made.txt", {
      method: "POST",
      body: "x",
    });
    expect(res.status).toBe(200);
    expect(await readFile(path.join(target.ada, "made.txt"), "utf8")).toBe("x");
  });
});
