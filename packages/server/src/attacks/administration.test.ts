import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RulesPreview, SessionInfo, Settings, User } from "@scriptorium/shared";
import { expectNoLeak, jsonOf, SECRET, startTarget, type Target } from "../test/attack-target.js";
import type { RawResponse } from "../test/http.js";

/**
 * Administration (API.md Part A §4, §14, §15; Part B §8, §11): user management, sessions, the
 * rules preview, server settings and branding files. No session is 401, no admin 403, bad ids
 * and bodies a 4xx that changes nothing, and no route reaches outside the files root.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({ extra: [{ name: "victim", scope: "/victim" }] });
});
afterAll(() => target.close());

const ROUTES: [string, string, string?][] = [
  ["GET", "/api/users"],
  ["POST", "/api/users", JSON.stringify({ what: "user", which: [], data: { username: "x" } })],
  ["DELETE", "/api/users/3"],
  ["POST", "/api/rules/preview", JSON.stringify({ scope: "/", rules: [] })],
  ["GET", "/api/sessions"],
  ["DELETE", "/api/sessions"],
  ["DELETE", "/api/sessions/abc"],
  ["GET", "/api/users/3/sessions"],
  ["DELETE", "/api/users/3/sessions"],
  ["GET", "/api/settings/server"],
  [
    "PUT",
    "/api/settings/server",
    JSON.stringify({
      tokenExpirationTime: "2h",
      minimumPasswordLength: 12,
      enableThumbnails: true,
      resizePreview: true,
    }),
  ],
];

const users = async () => jsonOf<User[]>(await target.as("admin", "/api/users"));

describe("no session, a forged one, or no admin", () => {
  for (const [method, url, body] of ROUTES) {
    it(`${method} ${url} without a token is 401`, async () => {
      const res = await target.as(undefined, url, { method, body });
      expect(res.status).toBe(401);
    });
    it(`${method} ${url} with a garbage token is 401`, async () => {
      const res = await target.send(url, { method, body, headers: { "x-auth": "ey.x.y" } });
      expect(res.status).toBe(401);
    });
  }
  const adminOnly = ROUTES.filter(([, url]) => !url.startsWith("/api/sessions"));
  for (const [method, url, body] of adminOnly) {
    it(`${method} ${url} as a non-admin is 403`, async () => {
      const res = await target.as("ada", url, { method, body });
      expect(res.status).toBe(403);
    });
  }
  it("nothing changed: no user made or deleted, the server settings as they were", async () => {
    expect((await users()).map((u) => u.username)).toEqual(["admin", "ada", "eve", "victim"]);
    const server = await target.as("admin", "/api/settings/server");
    expect(jsonOf<{ tokenExpirationTime: string }>(server).tokenExpirationTime).toBe("2h");
  });
});

describe("bad ids and bodies", () => {
  const ids = ["0", "-1", "abc", "1.5", "1e3", "99999999999999999999", "%00", "3%2F..", "3;1"];
  for (const id of ids) {
    for (const suffix of ["", "/sessions"]) {
      it(`DELETE /api/users/${id}${suffix} is a 4xx`, async () => {
        const res = await target.as("admin", `/api/users/${id}${suffix}`, { method: "DELETE" });
        expect([400, 404]).toContain(res.status);
      });
    }
  }

  const bodies: [string, string][] = [
    ["not JSON", "{what"],
    ["an array", "[]"],
    ["data null", JSON.stringify({ what: "user", which: [], data: null })],
    ["perm as a string", JSON.stringify({ what: "user", data: { username: "p", perm: "all" } })],
    [
      "__proto__ with admin",
      '{"what":"user","which":[],"data":{"username":"proto","password":"proto-password-1","__proto__":{"admin":true},"perm":{"__proto__":{"admin":true}}}}',
    ],
    [
      "constructor.prototype",
      '{"what":"user","which":[],"data":{"username":"ctor","password":"ctor-password-12","constructor":{"prototype":{"admin":true}}}}',
    ],
    [
      "which with a field",
      JSON.stringify({ what: "user", which: ["perm"], data: { username: "w" } }),
    ],
    [
      "a NUL in the name",
      JSON.stringify({ what: "user", data: { username: "a\u0000b", password: "nul-password-12" } }),
    ],
    [
      "a NUL in the scope",
      JSON.stringify({
        what: "user",
        data: { username: "nulscope", password: "nul-password-12", scope: "/x\u0000/../../etc" },
      }),
    ],
    [
      "a rule with a bad regex",
      JSON.stringify({
        what: "user",
        data: {
          username: "r",
          password: "rule-password-12",
          rules: [{ allow: false, path: "", regex: true, regexp: { raw: "(?<" } }],
        },
      }),
    ],
    [
      "a name taken in another case",
      JSON.stringify({ what: "user", data: { username: "ADA", password: "dupe-password-12" } }),
    ],
  ];
  for (const [name, body] of bodies) {
    it(`POST /api/users with ${name} creates no admin`, async () => {
      const res = await target.as("admin", "/api/users", { method: "POST", body });
      expect(res.status, res.body.toString()).toBeLessThan(500);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      for (const u of await users()) {
        if (u.username !== "admin") expect(u.perm.admin, u.username).toBe(false);
      }
    });
  }

  it("a user made with a scope climbing out gets the files root at most, never its parent", async () => {
    const res = await target.as("admin", "/api/users", {
      method: "POST",
      body: JSON.stringify({
        what: "user",
        which: [],
        data: {
          username: "climber",
          password: "climber-password-12",
          scope: "/../../..",
          perm: {
            admin: false,
            execute: false,
            create: true,
            rename: true,
            modify: true,
            delete: true,
            share: true,
            download: true,
            unzip: true,
          },
        },
      }),
    });
    expect(res.status).toBe(201);
    const token = await target.t.login("climber", "climber-password-12");
    const listing = await target.send("/api/resources/", { headers: { "x-auth": token } });
    expect(listing.status).toBe(200);
    // The temp dir above the files root holds the database: never listed.
    expect(listing.body.toString()).not.toMatch(/test\.db/);
    const up = await target.send("/api/resources/..%2F..%2Ftest.db", {
      headers: { "x-auth": token },
    });
    expect(up.status).not.toBe(200);
  });
});

describe("the rules preview stays in the files root", () => {
  const scopes = [
    "/..",
    "/../..",
    "%2e%2e",
    "/ada/escape",
    "/ada/escape/",
    "/ada/../../",
    "/\u0000",
    "\\..\\..",
    "/ada/private/..",
  ];
  for (const scope of scopes) {
    it(`scope ${JSON.stringify(scope)} lists nothing outside`, async () => {
      const res = await target.as("admin", "/api/rules/preview", {
        method: "POST",
        body: JSON.stringify({
          scope,
          rules: [{ allow: false, path: "/", regex: false, regexp: { raw: "" } }],
        }),
      });
      expectNoLeak(target, res, scope);
      expect(res.body.toString()).not.toMatch(/test\.db|search-text/);
      if (res.status === 200) {
        const body = jsonOf<RulesPreview>(res);
        for (const p of body.hidden) expect(p).not.toMatch(/secret\.txt/);
      }
    });
  }
  it("a link inside the scope is listed as a name, never followed", async () => {
    const res = await target.as("admin", "/api/rules/preview", {
      method: "POST",
      body: JSON.stringify({ scope: "/ada", rules: [], withGlobal: false }),
    });
    expect(res.status).toBe(200);
    expect(jsonOf<RulesPreview>(res).checked).toBeLessThan(12);
    expect(res.body.toString()).not.toContain(SECRET);
  });
  it("rules as big as allowed do not stop the server; more are 400", async () => {
    const rule = { allow: false, path: "", regex: true, regexp: { raw: "(a+)+$" } };
    const ok = await target.as("admin", "/api/rules/preview", {
      method: "POST",
      body: JSON.stringify({ scope: "/ada", rules: Array(1000).fill(rule) }),
    });
    expect(ok.status).toBe(200);
    const tooMany = await target.as("admin", "/api/rules/preview", {
      method: "POST",
      body: JSON.stringify({ scope: "/ada", rules: Array(1001).fill(rule) }),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe("rules RE2 cannot run are refused on save, naming the problem (finding 8)", () => {
  // Rules are Go (RE2) regular expressions, as File Browser's: no back-references and no
  // lookaround, which is what keeps matching linear. JavaScript accepted all of these.
  const patterns: [string, RegExp][] = [
    ["(a)\\1", /at character 4: back-references/],
    ["(?<n>a)\\k<n>", /at character 8: back-references/],
    ["x(?=y)", /at character 2: lookahead/],
    ["^/(?!public)", /at character 3: lookahead/],
    ["(?<=a)b", /at character 1: lookbehind/],
  ];
  const VICTIM = 4;
  const rulesOf = (raw: string) => [{ allow: false, path: "", regex: true, regexp: { raw } }];
  const saves: [string, (raw: string) => Promise<RawResponse>][] = [
    [
      "POST /api/users",
      (raw) =>
        target.as("admin", "/api/users", {
          method: "POST",
          body: JSON.stringify({
            what: "user",
            data: { username: "lookahead", password: "look-password-12", rules: rulesOf(raw) },
          }),
        }),
    ],
    [
      "PUT /api/users/{id}",
      (raw) =>
        target.as("admin", `/api/users/${VICTIM}`, {
          method: "PUT",
          body: JSON.stringify({
            what: "user",
            which: ["rules"],
            data: { id: VICTIM, rules: rulesOf(raw) },
          }),
        }),
    ],
    [
      "PUT /api/settings",
      async (raw) => {
        const settings = jsonOf<Settings>(await target.as("admin", "/api/settings"));
        return target.as("admin", "/api/settings", {
          method: "PUT",
          body: JSON.stringify({ ...settings, rules: rulesOf(raw) }),
        });
      },
    ],
    [
      "POST /api/rules/preview",
      (raw) =>
        target.as("admin", "/api/rules/preview", {
          method: "POST",
          body: JSON.stringify({ scope: "/ada", rules: rulesOf(raw) }),
        }),
    ],
  ];
  for (const [raw, message] of patterns) {
    for (const [route, save] of saves) {
      it(`${route} with ${raw} is 400 and saves nothing`, async () => {
        const before = await users();
        const settings = jsonOf<Settings>(await target.as("admin", "/api/settings"));
        const res = await save(raw);
        expect(res.status, res.body.toString()).toBe(400);
        const body = jsonOf<{ code: string; message: string }>(res);
        expect(body.code).toBe("INVALID_RULE");
        expect(body.message).toMatch(/^Rule 1: invalid regular expression /);
        expect(body.message).toMatch(message);
        expect(await users()).toEqual(before);
        expect(jsonOf<Settings>(await target.as("admin", "/api/settings"))).toEqual(settings);
      });
    }
  }
});

describe("sessions belong to their user", () => {
  it("eve cannot see or end ada's sessions, by handle or by id", async () => {
    const adaSessions = jsonOf<SessionInfo[]>(await target.as("ada", "/api/sessions"));
    expect(adaSessions.length).toBeGreaterThan(0);
    for (const s of adaSessions) {
      const res = await target.as("eve", `/api/sessions/${s.id}`, { method: "DELETE" });
      expect(res.status).toBe(404);
    }
    const sid = JSON.parse(
      Buffer.from(target.tokens.ada.split(".")[1] ?? "", "base64url").toString(),
    ) as { sid: string };
    expect((await target.as("eve", `/api/sessions/${sid.sid}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(
      (await target.as("eve", `/api/sessions/${"x".repeat(65)}`, { method: "DELETE" })).status,
    ).toBe(400);
    expect((await target.as("ada", "/api/resources/")).status).toBe(200);
    const mine = jsonOf<SessionInfo[]>(await target.as("eve", "/api/sessions"));
    expect(mine.every((s) => !adaSessions.some((a) => a.id === s.id))).toBe(true);
  });
});

describe("deleting a user", () => {
  it("ends their token at once and their links with it", async () => {
    const victim = target.tokens.victim ?? "";
    await mkdir(path.join(target.t.root, "victim"), { recursive: true });
    await writeFile(path.join(target.t.root, "victim", "v.txt"), "v");
    const share = await target.send("/api/share/v.txt", {
      method: "POST",
      body: "{}",
      headers: { "x-auth": victim },
    });
    const hash = jsonOf<{ hash: string }>(share).hash;
    const id = (await users()).find((u) => u.username === "victim")?.id ?? 0;
    expect((await target.as("admin", `/api/users/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await target.send("/api/resources/", { headers: { "x-auth": victim } })).status).toBe(
      401,
    );
    expect(
      (await target.send("/api/renew", { method: "POST", headers: { "x-auth": victim } })).status,
    ).toBe(401);
    expect((await target.send(`/api/public/share/${hash}`)).status).toBe(404);
  });
});

describe("server settings and branding", () => {
  it("the shell switch and the auth method cannot be changed from the browser", async () => {
    const res = await target.as("admin", "/api/settings/server", {
      method: "PUT",
      body: JSON.stringify({
        tokenExpirationTime: "2h",
        minimumPasswordLength: 12,
        enableThumbnails: true,
        resizePreview: true,
        enableExec: true,
        authMethod: "noauth",
        authHeader: "X-User",
      }),
    });
    expect(res.status).toBe(200);
    const after = jsonOf<{ enableExec: boolean; authMethod: string; authHeader: string }>(
      await target.as("admin", "/api/settings/server"),
    );
    expect(after).toMatchObject({ enableExec: false, authMethod: "json", authHeader: "" });
    expect((await target.as(undefined, "/api/resources/")).status).toBe(401);
  });

  it("the report address takes no script, data or relative URL, and no control character", async () => {
    const settings = jsonOf<Settings>(await target.as("admin", "/api/settings"));
    for (const reportUrl of [
      "javascript:alert(document.cookie)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/relative/issues",
      "https://example.org/\u0000issues",
      "x".repeat(2001),
    ]) {
      const res = await target.as("admin", "/api/settings", {
        method: "PUT",
        body: JSON.stringify({ ...settings, branding: { ...settings.branding, reportUrl } }),
      });
      expect(res.status, reportUrl.slice(0, 40)).toBe(400);
    }
    const after = jsonOf<Settings>(await target.as("admin", "/api/settings"));
    expect(after.branding.reportUrl ?? "").toBe("");
    // Not an admin: refused whatever the address.
    const asUser = await target.as("ada", "/api/settings", {
      method: "PUT",
      body: JSON.stringify({
        ...settings,
        branding: { ...settings.branding, reportUrl: "https://example.org/" },
      }),
    });
    expect(asUser.status).toBe(403);
  });

  it("a branding folder serves its img/* and custom.css only: nothing else, no link out", async () => {
    const brand = path.join(target.t.root, "ada", "brand");
    await mkdir(path.join(brand, "img"), { recursive: true });
    await writeFile(path.join(brand, "img", "logo.svg"), "<svg/>");
    await writeFile(path.join(brand, "notes.txt"), "PRIVATE-NOTES");
    await symlink(
      path.join(target.t.root, "secret", "secret.txt"),
      path.join(brand, "img", "out.svg"),
    );
    const settings = jsonOf<Settings>(await target.as("admin", "/api/settings"));
    const put = await target.as("admin", "/api/settings", {
      method: "PUT",
      body: JSON.stringify({ ...settings, branding: { ...settings.branding, files: brand } }),
    });
    expect(put.status).toBe(200);
    expect((await target.send("/static/img/logo.svg")).body.toString()).toBe("<svg/>");
    for (const url of [
      "/static/img/../notes.txt",
      "/static/img/%2e%2e/notes.txt",
      "/static/img/..%2Fnotes.txt",
      "/static/img/out.svg",
      "/static/img/%2e%2e/%2e%2e/secret/secret.txt",
    ]) {
      const res = await target.send(url);
      expectNoLeak(target, res, url);
      expect(res.body.toString(), url).not.toContain("PRIVATE-NOTES");
    }
  });
});
