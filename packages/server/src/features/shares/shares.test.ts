import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicShare, Share } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { perm } from "../../test/attack-target.js";

let t: TestContext;
let ada: string;
let scope: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: { scope: "/ada", perm: perm() },
  });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "ed", "sub"), { recursive: true });
  await writeFile(path.join(scope, "ed", "liber.tex"), "\\VV{{A:unus}{B:duo}}\n");
  await writeFile(path.join(scope, "ed", "b.txt"), "beta");
  await writeFile(path.join(scope, "ed", "sub", "c.txt"), "gamma");
  await writeFile(path.join(scope, "note.txt"), "a note");
  ada = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

async function share(p: string, body: object, token = ada): Promise<Share> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/share${p}`,
    headers: { "x-auth": token, "content-type": "text/plain" },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Share>();
}

const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe("share links of signed-in users", () => {
  it("creates a link with a 128-bit hash, an expiry and a hashed password, never shown", async () => {
    const before = Math.floor(Date.now() / 1000);
    const s = await share("/note.txt", { expires: "2", unit: "days", password: "  sesame  " });
    expect(s.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(s.path).toBe("/note.txt");
    expect(s.expire).toBeGreaterThanOrEqual(before + 2 * 86400);
    expect(s.expire).toBeLessThanOrEqual(before + 2 * 86400 + 5);
    expect(s.hasPassword).toBe(true);
    expect(s.mode).toBe("read");
    const list = await t.app.inject({ url: "/api/shares", headers: { "x-auth": ada } });
    expect(list.body).not.toMatch(/password_hash|argon2|token/i);
    expect(list.json<Share[]>().map((x) => x.hash)).toEqual([s.hash]);
    // The trimmed password opens it.
    const ok = await visit(`/api/public/share/${s.hash}`, { "x-share-password": "sesame" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("stores folders with a trailing slash and finds them with or without it", async () => {
    const s = await share("/ed", {});
    expect(s.path).toBe("/ed/");
    expect(s.expire).toBe(0);
    for (const p of ["/ed", "/ed/"]) {
      const res = await t.app.inject({ url: `/api/share${p}`, headers: { "x-auth": ada } });
      expect(res.json<Share[]>().map((x) => x.hash)).toEqual([s.hash]);
    }
    const none = await t.app.inject({ url: "/api/share/note.txt", headers: { "x-auth": ada } });
    expect(none.json()).toEqual([]);
  });

  it("refuses bad durations, modes and missing paths with a message", async () => {
    const post = (p: string, body: unknown) =>
      t.app.inject({
        method: "POST",
        url: `/api/share${p}`,
        headers: { "x-auth": ada },
        payload: JSON.stringify(body),
      });
    expect(errorOf(await post("/note.txt", { expires: "abc" })).status).toBe(400);
    expect(errorOf(await post("/note.txt", { expires: "2147483648" })).status).toBe(400);
    expect(errorOf(await post("/note.txt", { mode: "write" })).status).toBe(400);
    expect(errorOf(await post("/note.txt", { mode: "upload" })).message).toMatch(/folder/);
    expect(errorOf(await post("/missing.txt", {})).status).toBe(404);
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/share/note.txt",
      headers: { "x-auth": ada },
    });
    expect(empty.statusCode).toBe(400);
    const list = await t.app.inject({ url: "/api/shares", headers: { "x-auth": ada } });
    expect(list.json()).toEqual([]);
  });

  it("an unknown hash is 404 on delete, another owner's link 403, an admin may", async () => {
    const s = await share("/note.txt", {});
    await t.createUser({
      username: "bob",
      password: "bob-password-12",
      fields: { scope: "/bob", perm: perm() },
    });
    const bob = await t.login("bob", "bob-password-12");
    const del = (hash: string, token: string) =>
      t.app.inject({ method: "DELETE", url: `/api/share/${hash}`, headers: { "x-auth": token } });
    expect((await del("nope", ada)).statusCode).toBe(404);
    expect(errorOf(await del(s.hash, bob)).status).toBe(403);
    const admin = await t.login();
    const all = await t.app.inject({ url: "/api/shares", headers: { "x-auth": admin } });
    expect(all.json<Share[]>()[0]?.username).toBe("ada");
    expect((await del(s.hash, admin)).statusCode).toBe(200);
    expect((await visit(`/api/public/share/${s.hash}`)).statusCode).toBe(404);
  });
});

describe("public share routes", () => {
  it("lists a folder share relative to the folder, sorted, with no content", async () => {
    const s = await share("/ed", {});
    const res = await visit(`/api/public/share/${s.hash}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublicShare>();
    expect(body.path).toBe("/");
    expect(body.name).toBe("ed");
    expect(body.items?.map((i) => i.path)).toEqual(["/sub", "/b.txt", "/liber.tex"]);
    expect(body.token).toBeUndefined();
    expect(body.share).toMatchObject({ hash: s.hash, mode: "read", isDir: true });
    const sub = await visit(`/api/public/share/${s.hash}/sub`);
    expect(sub.json<PublicShare>().items?.map((i) => i.path)).toEqual(["/sub/c.txt"]);
    const file = await visit(`/api/public/share/${s.hash}/liber.tex`);
    expect(file.json<Record<string, unknown>>().content).toBeUndefined();
  });

  it("a file share answers path '' and downloads the file whatever follows the hash", async () => {
    const s = await share("/note.txt", {});
    const info = await visit(`/api/public/share/${s.hash}`);
    expect(info.json<PublicShare>()).toMatchObject({ path: "", name: "note.txt", isDir: false });
    for (const suffix of ["", "/", "/other.txt", "%2Fx"]) {
      const dl = await visit(`/api/public/dl/${s.hash}${suffix}`);
      expect(dl.statusCode).toBe(200);
      expect(dl.body).toBe("a note");
    }
    const ranged = await visit(`/api/public/dl/${s.hash}`, { range: "bytes=2-5" });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe("note");
  });

  it("a password link: 401 without or with a wrong password, then a token for downloads", async () => {
    const s = await share("/ed", { password: "sesame" });
    expect((await visit(`/api/public/share/${s.hash}`)).statusCode).toBe(401);
    const wrong = await visit(`/api/public/share/${s.hash}`, { "x-share-password": "nope" });
    expect(wrong.statusCode).toBe(401);
    expect((await visit(`/api/public/dl/${s.hash}/b.txt`)).statusCode).toBe(401);
    const ok = await visit(`/api/public/share/${s.hash}`, {
      "x-share-password": encodeURIComponent("sesame"),
    });
    const token = ok.json<PublicShare>().token ?? "";
    expect(token.length).toBeGreaterThan(20);
    const dl = await visit(`/api/public/dl/${s.hash}/b.txt?token=${encodeURIComponent(token)}`);
    expect(dl.body).toBe("beta");
    const forged = await visit(`/api/public/dl/${s.hash}/b.txt?token=9999999999.${"A".repeat(32)}`);
    expect(forged.statusCode).toBe(401);
  });

  it("an expired link is 404 at once and leaves the list", async () => {
    const s = await share("/note.txt", { expires: "1", unit: "seconds" });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await visit(`/api/public/share/${s.hash}`)).statusCode).toBe(404);
    expect((await visit(`/api/public/dl/${s.hash}`)).statusCode).toBe(404);
    const list = await t.app.inject({ url: "/api/shares", headers: { "x-auth": ada } });
    expect(list.json()).toEqual([]);
  });

  it("a link limited to 2 downloads answers 410 after them; ranges do not count", async () => {
    const s = await share("/note.txt", { maxDownloads: 2 });
    expect((await visit(`/api/public/dl/${s.hash}`)).statusCode).toBe(200);
    expect((await visit(`/api/public/dl/${s.hash}`, { range: "bytes=3-" })).statusCode).toBe(206);
    expect((await visit(`/api/public/dl/${s.hash}`)).statusCode).toBe(200);
    const third = await visit(`/api/public/dl/${s.hash}`);
    expect(errorOf(third)).toMatchObject({ status: 410, code: "LINK_EXHAUSTED" });
    expect((await visit(`/api/public/share/${s.hash}`)).statusCode).toBe(410);
  });

  it("downloads a selection of a folder share as a zip", async () => {
    const s = await share("/ed", {});
    const files = ["b.txt", "sub/c.txt"].map((f) => encodeURIComponent(encodeURIComponent(f)));
    const res = await visit(`/api/public/dl/${s.hash}/?files=${files.join(",")}&algo=zip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/zip/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("inline: a file link serves the file sandboxed; a folder link redirects to a capability", async () => {
    await writeFile(path.join(scope, "ed", "index.html"), "<h1>Editio</h1>");
    const file = await share("/ed/index.html", {});
    const page = await visit(`/api/public-inline/dl/${file.hash}/index.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(/sandbox/);
    const folder = await share("/ed", {});
    const go = await visit(`/api/public-inline/dl/${folder.hash}/`);
    expect(go.statusCode).toBe(302);
    const location = go.headers.location as string;
    expect(location).toMatch(/^\/api\/inline\/[^/]+\/index\.html$/);
    const served = await visit(location);
    expect(served.body).toBe("<h1>Editio</h1>");
    const sibling = await visit(location.replace("index.html", "b.txt"));
    expect(sibling.body).toBe("beta");
    // The capability dies with the link.
    await t.app.inject({
      method: "DELETE",
      url: `/api/share/${folder.hash}`,
      headers: { "x-auth": ada },
    });
    expect((await visit(location)).statusCode).toBe(403);
  });
});
