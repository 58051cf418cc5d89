import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectSafe,
  patchUrl,
  snapshot,
  startTarget,
  type SendOptions,
  type Target,
} from "../test/attack-target.js";

/**
 * CSRF (File Browser advisory CVE-2021-46398 and API.md §1.1): a page on another site can make
 * the browser send the `auth` cookie, never the X-Auth header. Every state-changing request
 * needs the header (or an explicit `?auth=`), so a forged form or a `text/plain` "simple"
 * request carrying only the cookie changes nothing.
 */
let target: Target;
let cookie: Record<string, string>;

beforeAll(async () => {
  target = await startTarget();
  cookie = {
    cookie: `auth=${target.tokens.ada}`,
    origin: "https://evil.example",
    referer: "https://evil.example/form.html",
  };
});
afterAll(() => target.close());

const form = "application/x-www-form-urlencoded";
const text = "text/plain";
const multipart = "multipart/form-data; boundary=x";

const STATE_CHANGING: [string, string, SendOptions][] = [
  ["create a file", "/api/resources/forged.txt", { method: "POST", body: "forged" }],
  ["create a folder", "/api/resources/forged/", { method: "POST" }],
  ["overwrite a file", "/api/resources/doc.tex", { method: "PUT", body: "forged" }],
  ["delete a file", "/api/resources/doc.tex", { method: "DELETE" }],
  ["copy", patchUrl("/doc.tex", "copy", "/forged.tex"), { method: "PATCH" }],
  ["rename", patchUrl("/doc.tex", "rename", "/forged.tex"), { method: "PATCH" }],
  ["start an upload", "/api/tus/forged.bin", { method: "POST", headers: { "upload-length": "3" } }],
  ["cancel by tus", "/api/tus/doc.tex", { method: "DELETE" }],
  [
    "change the password (JSON as text/plain)",
    "/api/users/2",
    {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["password"],
        current_password: "ada-password-12",
        data: { id: 2, password: "forged-password-1" },
      }),
    },
  ],
  [
    "change the locale (JSON as text/plain)",
    "/api/users/2",
    {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: ["locale"], data: { id: 2, locale: "it" } }),
    },
  ],
  ["renew the token", "/api/renew", { method: "POST" }],
  ["log out", "/api/logout", { method: "POST" }],
  ["change settings", "/api/settings", { method: "PUT", body: JSON.stringify({ signup: true }) }],
];

describe("state-changing requests with only the cookie", () => {
  for (const [name, url, opts] of STATE_CHANGING) {
    for (const type of [text, form, multipart]) {
      it(`${name} (${type.split(";")[0]})`, async () => {
        const before = await snapshot(target.ada);
        const res = await target.send(url, {
          ...opts,
          headers: { ...cookie, "content-type": type, ...opts.headers },
        });
        expectSafe(target, res, name);
        expect(res.status, name).toBe(401);
        expect(await snapshot(target.ada)).toEqual(before);
      });
    }
  }

  it("an empty X-Auth header does not let the cookie through", async () => {
    const res = await target.send("/api/resources/doc.tex", {
      method: "DELETE",
      headers: { ...cookie, "x-auth": "" },
    });
    expect(res.status).toBe(401);
  });

  it("nothing changed: the session, the password and the file", async () => {
    expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toContain("In scope");
    expect((await target.as("ada", "/api/resources/")).status).toBe(200);
    const login = await target.send("/api/login", {
      method: "POST",
      body: JSON.stringify({ username: "ada", password: "ada-password-12" }),
    });
    expect(login.status).toBe(200);
  });

  it("the control: with the X-Auth header, JSON as text/plain is accepted", async () => {
    const res = await target.as("ada", "/api/users/2", {
      method: "PUT",
      headers: { "content-type": text },
      body: JSON.stringify({ what: "user", which: ["locale"], data: { id: 2, locale: "de" } }),
    });
    expect(res.status).toBe(200);
  });
});

describe("GET requests with the cookie have no side effects", () => {
  for (const url of [
    "/api/resources/doc.tex?action=copy&destination=%2Fforged.tex",
    "/api/raw/doc.tex?method=DELETE",
    "/api/resources/?_method=DELETE",
    "/api/logout",
    "/api/users/2?which=password",
  ]) {
    it(`GET ${url}`, async () => {
      const before = await snapshot(target.ada);
      const res = await target.send(url, { headers: cookie });
      expectSafe(target, res, url);
      expect(await snapshot(target.ada)).toEqual(before);
      expect((await target.as("ada", "/api/resources/")).status).toBe(200);
    });
  }

  it("a method override header does not turn a GET into a DELETE", async () => {
    const res = await target.send("/api/resources/doc.tex", {
      headers: { ...cookie, "x-http-method-override": "DELETE", "x-method-override": "DELETE" },
    });
    expectSafe(target, res, "override");
    expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toContain("In scope");
  });
});
