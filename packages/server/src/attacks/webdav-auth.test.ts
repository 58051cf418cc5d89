import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AppPasswordCreated } from "@scriptorium/shared";
import { jsonOf, snapshot, startTarget } from "../test/attack-target.js";
import { LOCK_BODY, PROPFIND_ALL, proppatchBody, startDavTarget } from "../test/dav-attack.js";
import { basic } from "../test/dav-world.js";

/**
 * WebDAV (issue 32) logins and permissions: brute force on Basic credentials (counted with
 * /api/login), app passwords revoked or read-only, the account password refused unless
 * allowed, malformed Authorization headers, WebDAV switched off; each method without the
 * permission its API counterpart needs. Nothing changes in ada's scope when a request is refused.
 */
const DOC = "\\section{In scope}\n";
const json = { "content-type": "application/json" };

describe("logging in", () => {
  it("brute force: past the limit even the right password is 429, counted with /api/login", async () => {
    const target = await startDavTarget({
      extra: [{ name: "bf1" }, { name: "bf2" }, { name: "bf3" }],
      app: { limits: { failedLoginsPerUser: { max: 3, windowMs: 60_000 } } },
    });
    try {
      const wrong = (user: string) => ({ authorization: basic(user, "wrong-password") });
      const propfind = (user: string, headers?: Record<string, string>) =>
        target.dav(user, "PROPFIND", "/dav/", { headers: { depth: "0", ...headers } });
      // Over WebDAV alone; bf1 logged in successfully before (a remembered success helps not).
      expect((await propfind("bf1")).status).toBe(207);
      for (let i = 0; i < 3; i++) expect((await propfind("bf1", wrong("bf1"))).status).toBe(401);
      const right = await propfind("bf1");
      expect(right.status).toBe(429);
      expect(right.body.toString("utf8")).not.toContain("doc.tex");
      // The web login of the same user is refused too.
      const web = await target.send("/api/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: "bf1", password: "bf1-password-12" }),
      });
      expect(web.status).toBe(429);
      // Failures over /api/login count for WebDAV…
      for (let i = 0; i < 3; i++) {
        await target.send("/api/login", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ username: "bf2", password: "wrong" }),
        });
      }
      expect((await propfind("bf2")).status).toBe(429);
      // …and a mix of both too; the user name's case changes nothing.
      await propfind("bf3", wrong("BF3"));
      await target.send("/api/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: "bf3", password: "wrong" }),
      });
      await propfind("bf3", wrong("bf3"));
      expect((await propfind("bf3")).status).toBe(429);
      // Another user is not locked out by them.
      expect((await propfind("ada")).status).toBe(207);
    } finally {
      await target.close();
    }
  });

  it("an app password stops at once when revoked, even right after a success", async () => {
    const target = await startDavTarget({
      settings: (s) => (s.webdav.allowAccountPassword = false),
    });
    try {
      const res = await target.as("ada", "/api/app-passwords", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "rclone", readOnly: false }),
      });
      expect(res.status).toBe(201);
      const { id, password } = jsonOf<AppPasswordCreated>(res);
      const auth = { authorization: basic("ada", password) };
      const ok = await target.dav(undefined, "PUT", "/dav/before.txt", {
        headers: auth,
        body: "b",
      });
      expect(ok.status).toBe(201);
      const del = await target.as("ada", `/api/app-passwords/${id}`, { method: "DELETE" });
      expect(del.status).toBeLessThan(300);
      for (const [method, url] of [
        ["PROPFIND", "/dav/"],
        ["GET", "/dav/doc.tex"],
        ["PUT", "/dav/after.txt"],
        ["DELETE", "/dav/before.txt"],
      ] as const) {
        const after = await target.dav(undefined, method, url, {
          headers: { ...auth, depth: "0" },
          ...(method === "PUT" && { body: "a" }),
        });
        expect(after.status, method).toBe(401);
        expect(after.body.toString("utf8")).not.toContain(DOC);
      }
      expect(await readFile(path.join(target.ada, "before.txt"), "utf8")).toBe("b");
      await expect(readFile(path.join(target.ada, "after.txt"))).rejects.toThrow();
      // Another user's id is not ada's to revoke: eve's password keeps working.
      const eve = jsonOf<AppPasswordCreated>(
        await target.as("eve", "/api/app-passwords", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ name: "eve's", readOnly: false }),
        }),
      );
      expect(
        (await target.as("ada", `/api/app-passwords/${eve.id}`, { method: "DELETE" })).status,
      ).toBe(404);
      const still = await target.dav(undefined, "PROPFIND", "/dav/", {
        headers: { authorization: basic("eve", eve.password), depth: "0" },
      });
      expect(still.status).toBe(207);
      // ada's name with eve's app password is no one.
      const crossed = await target.dav(undefined, "PROPFIND", "/dav/", {
        headers: { authorization: basic("ada", eve.password), depth: "0" },
      });
      expect(crossed.status).toBe(401);
    } finally {
      await target.close();
    }
  });

  it("a read-only app password reads, and every writing method is 403 changing nothing", async () => {
    const target = await startDavTarget();
    try {
      const { password } = jsonOf<AppPasswordCreated>(
        await target.as("ada", "/api/app-passwords", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ name: "reader", readOnly: true }),
        }),
      );
      // ada's own lock, which the reader must not be able to remove.
      const lock = await target.dav("ada", "LOCK", "/dav/pub/page.html", { body: LOCK_BODY });
      expect(lock.status).toBe(200);
      const token = String(lock.headers["lock-token"]);
      const before = await snapshot(target.ada);
      const ro = (
        method: string,
        url: string,
        o: { headers?: Record<string, string>; body?: string } = {},
      ) =>
        target.dav(undefined, method, url, {
          ...o,
          headers: { authorization: basic("ada", password), ...o.headers },
        });
      expect((await ro("GET", "/dav/doc.tex")).body.toString("utf8")).toBe(DOC);
      expect((await ro("PROPFIND", "/dav/", { headers: { depth: "1" } })).status).toBe(207);
      const writes: [string, string, { headers?: Record<string, string>; body?: string }][] = [
        ["PUT", "/dav/doc.tex", { body: "overwritten" }],
        ["PUT", "/dav/new.txt", { body: "new" }],
        ["DELETE", "/dav/doc.tex", {}],
        ["MKCOL", "/dav/made", {}],
        ["COPY", "/dav/doc.tex", { headers: { destination: "/dav/copy.tex" } }],
        ["MOVE", "/dav/doc.tex", { headers: { destination: "/dav/moved.tex" } }],
        ["PROPPATCH", "/dav/doc.tex", { body: proppatchBody("ro") }],
        ["LOCK", "/dav/doc.tex", { body: LOCK_BODY }],
        ["LOCK", "/dav/locked-new.txt", { body: LOCK_BODY }],
        ["LOCK", "/dav/pub/page.html", { headers: { if: `(${token})` } }],
        ["UNLOCK", "/dav/pub/page.html", { headers: { "lock-token": token } }],
      ];
      for (const [method, url, o] of writes) {
        const res = await ro(method, url, o);
        expect(res.status, `${method} ${url}`).toBe(403);
      }
      expect(await snapshot(target.ada)).toEqual(before);
      const props = await target.dav("ada", "PROPFIND", "/dav/doc.tex", {
        headers: { depth: "0" },
        body: PROPFIND_ALL,
      });
      expect(props.body.toString("utf8")).not.toContain("urn:attack");
      const still = await target.dav("ada", "PROPFIND", "/dav/pub/page.html", {
        headers: { depth: "0" },
      });
      expect(still.body.toString("utf8")).toContain(token.replace(/^<|>$/g, ""));
    } finally {
      await target.close();
    }
  });

  it("the account password is refused by default and accepted when the admin allows it", async () => {
    const target = await startTarget();
    try {
      const propfind = () =>
        target.send("/dav/", {
          method: "PROPFIND",
          headers: { authorization: basic("ada", "ada-password-12"), depth: "1" },
        });
      const refused = await propfind();
      expect(refused.status).toBe(401);
      expect(refused.body.toString("utf8")).not.toContain("doc.tex");
      const settings = await target.t.app.inject({
        method: "GET",
        url: "/api/settings",
        headers: { "x-auth": target.tokens.admin },
      });
      const body = settings.json<{ webdav: { allowAccountPassword: boolean } }>();
      body.webdav.allowAccountPassword = true;
      const saved = await target.t.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { "x-auth": target.tokens.admin, ...json },
        payload: JSON.stringify(body),
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      const accepted = await propfind();
      expect(accepted.status).toBe(207);
      expect(accepted.body.toString("utf8")).toContain("doc.tex");
    } finally {
      await target.close();
    }
  });

  it("malformed Authorization headers are 401 with the Basic challenge, never 5xx", async () => {
    const target = await startDavTarget();
    try {
      const b64 = (s: string) => Buffer.from(s).toString("base64");
      const headers = [
        "",
        "Basic",
        "Basic ",
        "Basic !!!!",
        `Basic ${b64("ada")}`,
        `Basic ${b64(":ada-password-12")}`,
        `Basic ${b64("ada:ada-password-12")}=extra`,
        `Basic ${b64("ada\0:ada-password-12")}`,
        `Bearer ${target.tokens.ada}`,
        `Digest username="ada"`,
        `Basic ${b64(`ada:${"x".repeat(100_000)}`)}`,
        `Basic ${b64(`${"a".repeat(5000)}:x`)}`,
        `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString("base64")}`,
        `Basic ${b64("admin:")}`,
      ];
      for (const authorization of headers) {
        const res = await target.dav(undefined, "PROPFIND", "/dav/", {
          headers: { authorization, depth: "1" },
        });
        const label = authorization.slice(0, 40);
        expect([400, 401, 431], label).toContain(res.status);
        expect(res.body.toString("utf8"), label).not.toContain("doc.tex");
        if (res.status === 401)
          expect(String(res.headers["www-authenticate"]), label).toMatch(/^Basic /);
      }
      // The session cookie or X-Auth of the web are not WebDAV credentials.
      const web = await target.dav(undefined, "PROPFIND", "/dav/", {
        headers: { "x-auth": target.tokens.ada, cookie: `auth=${target.tokens.ada}`, depth: "1" },
      });
      expect(web.status).toBe(401);
    } finally {
      await target.close();
    }
  });

  it("WebDAV switched off is 404 for every method, with any credentials", async () => {
    const target = await startDavTarget({ settings: (s) => (s.webdav.enabled = false) });
    try {
      const before = await snapshot(target.ada);
      for (const method of [
        "OPTIONS",
        "GET",
        "HEAD",
        "PUT",
        "DELETE",
        "PROPFIND",
        "PROPPATCH",
        "MKCOL",
        "COPY",
        "MOVE",
        "LOCK",
        "UNLOCK",
      ]) {
        for (const user of ["ada", undefined]) {
          const res = await target.dav(
            user,
            method,
            method === "MKCOL" ? "/dav/made" : "/dav/doc.tex",
            {
              headers: { depth: "0", destination: "/dav/copy.tex" },
              ...(method === "PUT" && { body: "x" }),
            },
          );
          expect(res.status, `${method} ${String(user)}`).toBe(404);
          expect(res.headers.dav, method).toBeUndefined();
        }
      }
      expect(await snapshot(target.ada)).toEqual(before);
    } finally {
      await target.close();
    }
  });
});
