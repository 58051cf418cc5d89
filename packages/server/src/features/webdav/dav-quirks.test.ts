/**
 * What real clients need beyond the RFC (Windows' Mini-Redirector, macOS Finder, `Translate: f`),
 * and how WebDAV joins the rest of the app: app passwords, the activity log, search, quotas.
 */
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { basic, davWorld, type DavWorld } from "../../test/dav-world.js";

let w: DavWorld;
afterEach(() => w.t.close());

async function appPassword(world: DavWorld, readOnly = false): Promise<string> {
  const token = await world.t.login("ada", "ada-password-12");
  const res = await world.t.app.inject({
    method: "POST",
    url: "/api/app-passwords",
    headers: { "x-auth": token },
    payload: { name: "TeXstudio", readOnly },
  });
  expect(res.statusCode).toBe(201);
  return basic("ada", res.json<{ password: string }>().password);
}

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("never happened");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("client quirks", () => {
  it("Windows: a PROPFIND with no body and no Content-Type, Win32 properties kept", async () => {
    w = await davWorld();
    const list = await w.dav("PROPFIND", "/dav/books", { headers: { depth: "1" } });
    expect(list.statusCode).toBe(207);
    expect(list.body).toContain("/dav/books/a.txt");
    const patch = await w.dav("PROPPATCH", "/dav/books/a.txt", {
      headers: { "content-type": "text/xml; charset=utf-8" },
      body:
        '<?xml version="1.0" encoding="utf-8" ?><D:propertyupdate xmlns:D="DAV:" ' +
        'xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop>' +
        "<Z:Win32CreationTime>Fri, 27 Nov 2026 10:00:00 GMT</Z:Win32CreationTime>" +
        "<Z:Win32FileAttributes>00000020</Z:Win32FileAttributes>" +
        "</D:prop></D:set></D:propertyupdate>",
    });
    expect(patch.statusCode).toBe(207);
    expect(patch.body).not.toContain("HTTP/1.1 4");
    const got = await w.dav("PROPFIND", "/dav/books/a.txt", { headers: { depth: "0" } });
    expect(got.body).toContain("00000020");
  });

  it("Translate: f gets the file's own bytes", async () => {
    w = await davWorld();
    const res = await w.dav("GET", "/dav/books/a.txt", { headers: { translate: "f" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("alpha");
  });

  it("macOS metadata files are accepted, or refused when the admin says so", async () => {
    w = await davWorld();
    expect((await w.dav("PUT", "/dav/books/._a.txt", { body: "meta" })).statusCode).toBe(201);
    await w.t.close();
    w = await davWorld({ settings: (s) => (s.webdav.refuseMacMetadata = true) });
    expect((await w.dav("PUT", "/dav/books/._a.txt", { body: "meta" })).statusCode).toBe(403);
    expect((await w.dav("PUT", "/dav/.DS_Store", { body: "meta" })).statusCode).toBe(403);
    expect((await w.dav("PUT", "/dav/books/b.txt", { body: "text" })).statusCode).toBe(201);
  });

  it("quotas (RFC 4331) when asked for", async () => {
    w = await davWorld();
    const res = await w.dav("PROPFIND", "/dav/", {
      headers: { depth: "0" },
      body:
        '<D:propfind xmlns:D="DAV:"><D:prop><D:quota-used-bytes/><D:quota-available-bytes/>' +
        "</D:prop></D:propfind>",
    });
    expect(res.body).toMatch(/<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
    expect(res.body).toMatch(/<D:quota-available-bytes>\d+<\/D:quota-available-bytes>/);
  });
});

describe("WebDAV in the app", () => {
  it("an app password logs in, its last use is shown; the account password is refused by default", async () => {
    w = await davWorld({ settings: (s) => (s.webdav.allowAccountPassword = false) });
    const auth = await appPassword(w);
    expect((await w.dav("GET", "/dav/books/a.txt", { auth })).statusCode).toBe(200);
    expect((await w.dav("GET", "/dav/books/a.txt")).statusCode).toBe(401);
    const token = await w.t.login("ada", "ada-password-12");
    const list = await w.t.app.inject({
      url: "/api/app-passwords",
      headers: { "x-auth": token },
    });
    expect(list.json<{ lastUsedAt: string | null }[]>()[0]?.lastUsedAt).not.toBeNull();
  });

  it("a read-only app password reads and never writes", async () => {
    w = await davWorld();
    const auth = await appPassword(w, true);
    expect((await w.dav("GET", "/dav/books/a.txt", { auth })).statusCode).toBe(200);
    expect((await w.dav("PUT", "/dav/books/a.txt", { auth, body: "x" })).statusCode).toBe(403);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("alpha");
  });

  it("changes are in the activity log and found by search", async () => {
    w = await davWorld();
    expect(
      (await w.dav("PUT", "/dav/books/sphaera.tex", { body: "\\Unit sphaera mundi" })).statusCode,
    ).toBe(201);
    expect(
      (await w.dav("MOVE", "/dav/books/a.txt", { headers: { destination: "/dav/books/b.txt" } }))
        .statusCode,
    ).toBe(201);
    const token = await w.t.login("ada", "ada-password-12");
    const call = (url: string) => w.t.app.inject({ url, headers: { "x-auth": token } });
    const lines = (await call("/api/activity/books")).json<
      { action: string; path: string; user: string }[]
    >();
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "create", path: "/books/sphaera.tex", user: "ada" }),
        expect.objectContaining({ action: "rename", path: "/books/a.txt", user: "ada" }),
      ]),
    );
    await eventually(async () => {
      const res = await call("/api/search/?query=sphaera");
      return res.headers["x-search-index"] === "ready" && res.body.includes("sphaera.tex");
    });
  });
});
