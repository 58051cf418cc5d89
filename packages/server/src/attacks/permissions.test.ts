import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeZip } from "../test/archive-build.js";
import { synctexOf } from "../test/synctex-data.js";
import {
  expectSafe,
  jsonOf,
  patchUrl,
  snapshot,
  startTarget,
  type SendOptions,
  type Target,
} from "../test/attack-target.js";

/**
 * Each permission flag on each route that needs it (API.md §2.12; File Browser advisories on
 * permission bypasses, e.g. CVE-2026-35606): a user without the flag gets 403 and the scope does
 * not change. Users share ada's scope; each lacks exactly one flag.
 */
let target: Target;

const FLAGS = ["create", "rename", "modify", "delete", "download", "unzip", "share"] as const;

beforeAll(async () => {
  target = await startTarget({
    extra: FLAGS.map((flag) => ({ name: `no-${flag}`, perm: { [flag]: false } })),
  });
  await writeFile(
    path.join(target.ada, "pub", "a.zip"),
    await makeZip([{ name: "z.txt", data: "z" }]),
  );
  await writeFile(path.join(target.ada, "doc.pdf"), "%PDF-1.4\n");
  await writeFile(path.join(target.ada, "doc.synctex.gz"), synctexOf(["/files/./doc.tex"]));
});
afterAll(() => target.close());

const tus = { "upload-length": "3" };
const CASES: Record<(typeof FLAGS)[number], [string, string, SendOptions?][]> = {
  create: [
    ["POST a file", "/api/resources/new.txt", { method: "POST", body: "new" }],
    ["POST a folder", "/api/resources/newdir/", { method: "POST" }],
    ["tus POST", "/api/tus/new.txt", { method: "POST", headers: tus }],
    ["PATCH copy", patchUrl("/doc.tex", "copy", "/doc-copy.tex"), { method: "PATCH" }],
    ["a drop box", "/api/share/pub/", { method: "POST", body: '{"mode":"upload"}' }],
  ],
  rename: [["PATCH rename", patchUrl("/doc.tex", "rename", "/doc2.tex"), { method: "PATCH" }]],
  modify: [
    ["PUT", "/api/resources/doc.tex", { method: "PUT", body: "changed" }],
    ["POST override", "/api/resources/doc.tex?override=true", { method: "POST", body: "x" }],
    ["tus POST override", "/api/tus/doc.tex?override=true", { method: "POST", headers: tus }],
    [
      "history restore",
      "/api/history/doc.tex?version=AAAAAAAAAAAAAAAAAAAAAA&action=restore",
      { method: "POST" },
    ],
    [
      "history label",
      "/api/history/doc.tex?version=AAAAAAAAAAAAAAAAAAAAAA",
      { method: "PUT", headers: { "content-type": "application/json" }, body: '{"label":"x"}' },
    ],
    [
      "PATCH copy override",
      patchUrl("/pub/subs.srt", "copy", "/doc.tex", true),
      { method: "PATCH" },
    ],
  ],
  delete: [
    ["DELETE resources", "/api/resources/doc.tex", { method: "DELETE" }],
    ["DELETE folder", "/api/resources/pub", { method: "DELETE" }],
    ["DELETE tus", "/api/tus/doc.tex", { method: "DELETE" }],
  ],
  download: [
    ["raw file", "/api/raw/doc.tex"],
    ["raw HEAD", "/api/raw/doc.tex", { method: "HEAD" }],
    ["raw folder", "/api/raw/pub?algo=tar"],
    ["raw files=", "/api/raw/?files=doc.tex,pub&algo=zip"],
    ["raw inline=true", "/api/raw/doc.tex?inline=true"],
    ["raw-inline", "/api/raw-inline/pub/page.html"],
    ["preview thumb", "/api/preview/thumb/pub/pic.png"],
    ["preview big", "/api/preview/big/pub/pic.png"],
    ["subtitle", "/api/subtitle/pub/subs.srt"],
    ["checksum", "/api/resources/doc.tex?checksum=sha512"],
    ["a diff of versions", "/api/history/doc.tex?diff=current,current"],
    ["SyncTeX, PDF to source", "/api/synctex/doc.pdf?page=1&x=137&y=135"],
    ["SyncTeX, source to PDF", "/api/synctex/doc.pdf?file=/doc.tex&line=1"],
    ["a read link", "/api/share/doc.tex", { method: "POST", body: "{}" }],
  ],
  unzip: [["PATCH unzip", patchUrl("/pub/a.zip", "unzip", "/pub/a.zip"), { method: "PATCH" }]],
  share: [
    ["list links", "/api/shares"],
    ["links of a path", "/api/share/doc.tex"],
    ["create a link", "/api/share/doc.tex", { method: "POST", body: "{}" }],
    ["delete a link", "/api/share/AAAAAAAAAAAAAAAAAAAAAA", { method: "DELETE" }],
    ["activity", "/api/shares/AAAAAAAAAAAAAAAAAAAAAA/activity"],
  ],
};

describe("a missing permission is 403 and changes nothing", () => {
  for (const flag of FLAGS) {
    for (const [name, url, opts] of CASES[flag]) {
      it(`without ${flag}: ${name}`, async () => {
        const before = await snapshot(target.ada);
        const res = await target.as(`no-${flag}`, url, opts);
        expectSafe(target, res, url);
        expect(res.status, `${name}: ${res.body.toString()}`).toBe(403);
        expect(await snapshot(target.ada)).toEqual(before);
        // The control: a user with the flag is not refused on the same request.
        if (flag === "download") {
          const ok = await target.as("ada", url, opts);
          expect(ok.status, `ada ${name}`).toBeLessThan(400);
        }
      });
    }
  }

  it("without download: the file info has no content", async () => {
    const res = await target.as("no-download", "/api/resources/doc.tex");
    expectSafe(target, res, "info");
    expect(res.status).toBe(200);
    expect(jsonOf<{ content?: string }>(res).content).toBeUndefined();
    expect(res.body.toString()).not.toContain("In scope");
  });

  it("without modify: text files are textImmutable", async () => {
    const res = await target.as("no-modify", "/api/resources/doc.tex");
    expect(jsonOf<{ type: string }>(res).type).toBe("textImmutable");
  });
});

describe("admin-only routes and fields", () => {
  const ADA_ID = 2;
  const cases: [string, string, SendOptions?][] = [
    ["GET settings", "/api/settings"],
    ["PUT settings", "/api/settings", { method: "PUT", body: JSON.stringify({ signup: true }) }],
    ["GET another user", "/api/users/1"],
    ["GET the users", "/api/users"],
    [
      "POST a user",
      "/api/users",
      {
        method: "POST",
        body: JSON.stringify({
          what: "user",
          which: [],
          data: { username: "mallory", password: "mallory-password-1" },
        }),
      },
    ],
    ["DELETE another user", "/api/users/1", { method: "DELETE" }],
    ["DELETE oneself", `/api/users/${ADA_ID}`, { method: "DELETE" }],
    ["GET another user's sessions", "/api/users/1/sessions"],
    ["DELETE another user's sessions", "/api/users/1/sessions", { method: "DELETE" }],
    [
      "POST a rules preview",
      "/api/rules/preview",
      { method: "POST", body: JSON.stringify({ scope: "/", rules: [] }) },
    ],
    ["GET the server settings", "/api/settings/server"],
    [
      "PUT the server settings",
      "/api/settings/server",
      {
        method: "PUT",
        body: JSON.stringify({
          tokenExpirationTime: "720h",
          minimumPasswordLength: 8,
          enableThumbnails: true,
          resizePreview: true,
        }),
      },
    ],
    [
      "PUT another user's locale",
      "/api/users/1",
      {
        method: "PUT",
        body: JSON.stringify({ what: "user", which: ["locale"], data: { id: 1, locale: "it" } }),
      },
    ],
  ];
  const ownFields: [string, unknown][] = [
    [
      "perm",
      {
        admin: true,
        execute: true,
        create: true,
        rename: true,
        modify: true,
        delete: true,
        share: true,
        download: true,
        unzip: true,
      },
    ],
    ["scope", "."],
    ["rules", []],
    ["username", "root"],
    ["lockPassword", false],
    ["commands", ["sh"]],
  ];
  for (const [field, value] of ownFields) {
    cases.push([
      `PUT own ${field}`,
      `/api/users/${ADA_ID}`,
      {
        method: "PUT",
        body: JSON.stringify({
          what: "user",
          which: [field],
          data: { id: ADA_ID, [field]: value },
        }),
      },
    ]);
  }
  cases.push([
    "PUT own whole record",
    `/api/users/${ADA_ID}`,
    {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: ["all"], data: { id: ADA_ID, scope: "." } }),
    },
  ]);
  cases.push([
    "PUT own record with which absent",
    `/api/users/${ADA_ID}`,
    {
      method: "PUT",
      body: JSON.stringify({ what: "user", data: { id: ADA_ID, perm: { admin: true } } }),
    },
  ]);

  for (const [name, url, opts] of cases) {
    it(`a non-admin: ${name}`, async () => {
      const res = await target.as("ada", url, opts);
      expectSafe(target, res, name);
      expect([400, 403], `${name}: ${res.body.toString()}`).toContain(res.status);
    });
  }

  it("nothing of ada changed", async () => {
    const res = await target.as("admin", `/api/users/${ADA_ID}`);
    const ada = jsonOf<{
      perm: { admin: boolean };
      scope: string;
      username: string;
      rules: unknown[];
    }>(res);
    expect(ada).toMatchObject({ username: "ada", scope: "/ada", perm: { admin: false } });
    expect(ada.rules).toHaveLength(1);
    const settings = await target.as("admin", "/api/settings");
    expect(jsonOf<{ signup: boolean }>(settings).signup).toBe(false);
  });
});

describe("execute", () => {
  // The shell's own cases (upgrades, lines, sandbox) are in shell.test.ts.
  it("/api/command/ is refused (403) to a user without execute on a server without enableExec", async () => {
    const res = await target.as("ada", "/api/command/");
    expectSafe(target, res, "/api/command/");
    expect(res.status).toBe(403);
  });
});
