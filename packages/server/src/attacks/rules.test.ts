import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RulesPreview } from "@scriptorium/shared";
import { makeZip } from "../test/archive-build.js";
import {
  enc,
  expectNoLeak,
  expectSafe,
  jsonOf,
  patchUrl,
  snapshot,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * Rules (File Browser advisories on rule bypasses; API.md Part A §15, §16): a denied path stays
 * denied under every spelling, through every route, and when its parent is copied, moved,
 * archived or extracted over. ada's rules deny `/private`; clerk's deny `/docs/confidential`;
 * racer's get patterns that backtrack for hours in a JavaScript RegExp (finding 8).
 */
let target: Target;
const CONFIDENTIAL = "CONFIDENTIAL-child-of-a-moved-folder";

beforeAll(async () => {
  target = await startTarget({
    extra: [
      { name: "clerk", scope: "/clerk" },
      { name: "racer", scope: "/racer" },
    ],
  });
  const clerk = path.join(target.t.root, "clerk");
  await mkdir(path.join(clerk, "docs", "confidential"), { recursive: true });
  await writeFile(path.join(clerk, "docs", "confidential", "c.txt"), CONFIDENTIAL);
  await writeFile(path.join(clerk, "docs", "open.txt"), "open");
  await mkdir(path.join(target.ada, "privateer"), { recursive: true });
  await writeFile(path.join(target.ada, "privateer", "ok.txt"), "not denied");
  await target.as("admin", "/api/users/4", {
    method: "PUT",
    body: JSON.stringify({
      what: "user",
      which: ["rules"],
      data: {
        id: 4,
        rules: [{ allow: false, path: "/docs/confidential", regex: false, regexp: { raw: "" } }],
      },
    }),
  });
});
afterAll(() => target.close());

const SPELLINGS = [
  "/private/denied.txt",
  "//private/denied.txt",
  "/./private/denied.txt",
  "/pub/../private/denied.txt",
  "/pub/%2e%2e/private/denied.txt",
  "/priv%61te/denied.txt",
  "/private%2fdenied.txt",
  "/private/./denied.txt",
  "/private//denied.txt",
];
const ROUTES = ["/api/resources", "/api/raw", "/api/usage", "/api/raw-inline", "/api/subtitle"];

describe("a denied path under every spelling", () => {
  for (const spelling of SPELLINGS) {
    for (const route of ROUTES) {
      it(`${route}${spelling}`, async () => {
        const res = await target.as("ada", route + spelling);
        expectNoLeak(target, res, spelling);
        expect(res.status).toBe(403);
      });
    }
  }

  it("a folder whose name only starts like the denied one is allowed (whole components)", async () => {
    const res = await target.as("ada", "/api/raw/privateer/ok.txt");
    expect(res.status).toBe(200);
  });

  it("the listing and archives of the root leave the denied folder out", async () => {
    const listing = await target.as("ada", "/api/resources/");
    expectNoLeak(target, listing, "listing");
    expect(listing.body.toString()).not.toContain('"private"');
    for (const url of ["/api/raw/?algo=tar", "/api/raw/?files=private,pub&algo=tar"]) {
      const res = await target.as("ada", url);
      expectNoLeak(target, res, url);
    }
  });
});

describe("writes into a denied folder", () => {
  const cases: [string, string, string, string?][] = [
    ["create a file", "POST", "/api/resources/private/new.txt", "x"],
    ["create a folder", "POST", "/api/resources/private/sub/"],
    ["overwrite", "PUT", "/api/resources/private/denied.txt", "x"],
    ["delete", "DELETE", "/api/resources/private/denied.txt"],
    ["delete the folder", "DELETE", "/api/resources/private"],
    ["tus upload", "POST", "/api/tus/private/new.bin"],
    ["copy into", "PATCH", patchUrl("/doc.tex", "copy", "/private/doc.tex")],
    ["move into", "PATCH", patchUrl("/doc.tex", "rename", "/private/doc.tex")],
    ["copy out", "PATCH", patchUrl("/private/denied.txt", "copy", "/stolen.txt")],
    ["move out", "PATCH", patchUrl("/private/denied.txt", "rename", "/stolen.txt")],
    ["rename the folder", "PATCH", patchUrl("/private", "rename", "/public")],
    ["copy the folder", "PATCH", patchUrl("/private", "copy", "/public")],
  ];
  for (const [name, method, url, body] of cases) {
    it(name, async () => {
      const before = await snapshot(target.ada);
      const res = await target.as("ada", url, {
        method,
        body,
        headers: method === "POST" && url.startsWith("/api/tus") ? { "upload-length": "1" } : {},
      });
      expectNoLeak(target, res, name);
      expect(res.status).toBe(403);
      expect(await snapshot(target.ada)).toEqual(before);
    });
  }

  it("an archive extracted into a denied folder writes nothing there", async () => {
    await writeFile(
      path.join(target.ada, "pub", "x.zip"),
      await makeZip([{ name: "x.txt", data: "x" }]),
    );
    const res = await target.as("ada", patchUrl("/pub/x.zip", "unzip", "/private/x.zip"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip into");
    expect(await readdir(path.join(target.ada, "private"))).toEqual(["denied.txt"]);
  });

  it("an archive entry named like the denied folder is left out", async () => {
    const zip = await makeZip([
      { name: "private/planted.txt", data: "x" },
      { name: "ok.txt", data: "ok" },
    ]);
    await writeFile(path.join(target.ada, "x2.zip"), zip);
    const res = await target.as("ada", patchUrl("/x2.zip", "unzip", "/x2.zip"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip entry");
    expect(await readdir(path.join(target.ada, "private"))).toEqual(["denied.txt"]);
  });
});

describe("the parent of a denied folder (finding 3)", () => {
  it("copying the parent leaves the denied child out", async () => {
    const res = await target.as("clerk", patchUrl("/docs", "copy", "/docs-copy"), {
      method: "PATCH",
    });
    expectSafe(target, res, "copy parent");
    const read = await target.as("clerk", "/api/raw/docs-copy/confidential/c.txt");
    expect(read.body.toString()).not.toContain(CONFIDENTIAL);
  });

  it("moving the parent is refused, and the child stays unreadable", async () => {
    const res = await target.as("clerk", patchUrl("/docs", "rename", "/docs-moved"), {
      method: "PATCH",
    });
    expectSafe(target, res, "move parent");
    expect(res.status).toBe(403);
    for (const p of ["/docs-moved/confidential/c.txt", "/docs/confidential/c.txt"]) {
      const read = await target.as("clerk", `/api/raw${enc(p)}`);
      expect(read.body.toString(), p).not.toContain(CONFIDENTIAL);
    }
  });

  it("an archive of the parent leaves the denied child out", async () => {
    const res = await target.as("clerk", "/api/raw/docs?algo=tar");
    expectSafe(target, res, "archive parent");
    expect(res.body.toString("latin1")).not.toContain(CONFIDENTIAL);
    expect(res.body.toString("latin1")).toContain("open.txt");
  });
});

describe("rule patterns run in time linear in the path (finding 8)", () => {
  // racer is user 5 (after clerk). A JavaScript RegExp takes seconds on `(a+)+$` against a
  // 26-character run of "a" not followed by the end, and hours on 40: the whole server with it.
  // RE2 has no backtracking: each case below only has to finish.
  const RACER = 5;
  const run = (n: number) => `${"a".repeat(n)}!`;
  const setRules = async (raw: string) => {
    const res = await target.as("admin", `/api/users/${RACER}`, {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["rules"],
        data: { id: RACER, rules: [{ allow: false, path: "", regex: true, regexp: { raw } }] },
      }),
    });
    expect(res.status, res.body.toString()).toBe(200);
  };

  beforeAll(async () => {
    const racer = path.join(target.t.root, "racer");
    await mkdir(racer, { recursive: true });
    await writeFile(path.join(racer, run(40)), "forty");
    await writeFile(path.join(racer, run(200)), "two hundred");
    await writeFile(path.join(racer, "doc.txt"), "a document");
  });

  for (const raw of [
    "(a+)+$",
    "(a|aa)+$",
    "(.*a){20}",
    "(x+x+)+y",
    "^(([a-z])+.)+[A-Z]([a-z])+$",
  ]) {
    it(`${raw}: a listing, a 40-character path, a 10,000-character destination, a preview`, async () => {
      await setRules(raw);
      const listing = await target.as("racer", "/api/resources/");
      expect(listing.status).toBe(200);

      const forty = await target.as("racer", `/api/resources/${run(40)}`);
      expect([200, 403]).toContain(forty.status);

      // 10,000 characters only fit in a query: the destination of a copy is checked by the rules.
      const long = await target.as("racer", patchUrl("/doc.txt", "copy", `/${run(10_000)}`), {
        method: "PATCH",
      });
      expect(long.status).toBeGreaterThanOrEqual(400);

      const preview = await target.as("admin", "/api/rules/preview", {
        method: "POST",
        body: JSON.stringify({
          scope: "/racer",
          rules: [{ allow: false, path: "", regex: true, regexp: { raw } }],
          withGlobal: false,
        }),
      });
      expect(preview.status).toBe(200);
      expect(jsonOf<RulesPreview>(preview).checked).toBe(3);
    });
  }

  it("the rule still decides: a matching path is denied, another is not", async () => {
    await setRules("(a+)+!$");
    expect((await target.as("racer", `/api/raw/${run(40)}`)).status).toBe(403);
    expect((await target.as("racer", "/api/raw/doc.txt")).status).toBe(200);
    const listing = await target.as("racer", "/api/resources/");
    expect(listing.body.toString()).not.toContain(run(40));
    expect(listing.body.toString()).toContain("doc.txt");
  });
});
