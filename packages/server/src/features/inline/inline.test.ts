import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loggerOptions } from "../../lib/logger.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { createSettingsStore } from "../settings/settings.store.js";
import { createUsersStore } from "../users/users.store.js";
import { capabilityKey, signCapability, verifyCapability } from "./capability.js";

let t: TestContext;
let token: string;
let scope: string;
let logLines: string[];

const PAGE = '<link rel="stylesheet" href="style.css"><script>document.title = "x"</script>';

async function setup(baseURL?: string) {
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    app: { baseURL, logger: { ...(loggerOptions("info") as object), stream } },
  });
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "ed", "sub"), { recursive: true });
  await mkdir(path.join(t.root, "secret"), { recursive: true });
  await writeFile(path.join(scope, "ed", "index.html"), "<h1>Editio</h1>");
  await writeFile(path.join(scope, "ed", "page.html"), PAGE);
  await writeFile(path.join(scope, "ed", "style.css"), "h1 { color: red }");
  await writeFile(path.join(scope, "ed", "sub", "index.html"), "<p>sub</p>");
  await writeFile(path.join(scope, "ed", "edition.pdf"), "%PDF-1.4\n");
  await writeFile(path.join(scope, "private.txt"), "private notes");
  await writeFile(path.join(t.root, "secret", "secret.txt"), "TOP SECRET");
  await symlink(path.join(scope, "private.txt"), path.join(scope, "ed", "to-private.txt"));
  await symlink(path.join(t.root, "secret"), path.join(scope, "ed", "escape"));
  token = await t.login("ada", "ada-password-12");
}

afterEach(() => t.close());

/** GET /api/raw-inline{path} with the cookie; returns the Location it redirects to. */
async function mint(p: string, prefix = ""): Promise<string> {
  const res = await t.app.inject({
    url: `${prefix}/api/raw-inline${p}`,
    headers: { cookie: `auth=${token}` },
  });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.headers.location as string;
}
/** A request with no cookie and no token. */
const anonymous = (url: string) => t.app.inject({ url });
const capabilityOf = (location: string) => location.split("/")[3] ?? "";

describe("GET /api/raw-inline{path} → /api/inline/{capability}/…", () => {
  beforeEach(() => setup());

  it("redirects to a capability URL in the file's folder", async () => {
    const location = await mint("/ed/page.html");
    expect(location).toMatch(/^\/api\/inline\/[\w-]+\.[\w-]+\/page\.html$/);
    expect((await t.app.inject({ url: "/api/raw-inline/ed/page.html" })).statusCode).toBe(401);
  });

  it("serves the page without cookies, sandboxed without the app's origin", async () => {
    const res = await anonymous(await mint("/ed/page.html"));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^inline; /);
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("sandbox allow-scripts allow-forms;");
    expect(csp).not.toContain("allow-popups");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'self' 'unsafe-inline' data: blob:");
    expect(csp).not.toContain("allow-same-origin");
    // A tool rewrites these pages at each compile: the browser never reuses an old one.
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("works only for the address it was made for: a copied link sent elsewhere is refused", async () => {
    const location = await mint("/ed/page.html");
    const elsewhere = await t.app.inject({ url: location, remoteAddress: "203.0.113.9" });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body).not.toContain("<script>");
    expect((await anonymous(location)).statusCode).toBe(200);
  });

  it("loads relative siblings through the same capability, with ranges and conditionals", async () => {
    const location = await mint("/ed/page.html");
    const css = await anonymous(location.replace(/page\.html$/, "style.css"));
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe("h1 { color: red }");
    const sub = await anonymous(location.replace(/page\.html$/, "sub/index.html"));
    expect(sub.body).toBe("<p>sub</p>");
    const range = await t.app.inject({ url: location, headers: { range: "bytes=0-4" } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(PAGE.slice(0, 5));
    const since = range.headers["last-modified"] as string;
    const cached = await t.app.inject({ url: location, headers: { "if-modified-since": since } });
    expect(cached.statusCode).toBe(304);
  });

  it("redirects folders to their index.html", async () => {
    const location = await mint("/ed/");
    expect(location).toMatch(/^\/api\/inline\/[\w-]+\.[\w-]+\/index\.html$/);
    expect((await anonymous(location)).body).toBe("<h1>Editio</h1>");
    const base = location.replace(/index\.html$/, "");
    const sub = await anonymous(base + "sub");
    expect(sub.statusCode).toBe(302);
    expect(sub.headers.location).toBe(base + "sub/index.html");
    expect((await anonymous(base)).headers.location).toBe(base + "index.html");
  });

  it("refuses paths outside the capability's folder, also through links", async () => {
    const base = (await mint("/ed/page.html")).replace(/page\.html$/, "");
    // inject() resolves `..` and `%2e%2e` like a browser: traversal.test.ts sends those raw.
    for (const rest of ["..%2fprivate.txt", "sub/..%2f..%2fprivate.txt", "%2e%2e%2fprivate.txt"]) {
      const res = await anonymous(base + rest);
      expect(res.statusCode, rest).toBe(403);
      expect(errorOf(res).code).toBe("PATH_OUTSIDE_SCOPE");
    }
    // A link to a file of the scope outside the folder, and one leaving the scope.
    expect((await anonymous(base + "to-private.txt")).statusCode).toBe(403);
    const escape = await anonymous(base + "escape/secret.txt");
    expect(escape.statusCode).toBe(403);
    expect(escape.body).not.toContain("TOP SECRET");
    expect((await anonymous(base + "a%00b")).statusCode).toBe(400);
  });

  it("refuses tampered, foreign and expired capabilities", async () => {
    const location = await mint("/ed/page.html");
    const cap = capabilityOf(location);
    const [body = "", mac = ""] = cap.split(".");
    const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), f: "/" }),
    ).toString("base64url");
    for (const bad of [`${body}.${flipped}`, `${widened}.${mac}`, "nonsense", `${body}`]) {
      const res = await anonymous(`/api/inline/${bad}/page.html`);
      expect(res.statusCode, bad).toBe(403);
      expect(res.body).not.toContain("<script>");
    }
    const key = capabilityKey(await createSettingsStore(t.db).getSecret());
    const claims = verifyCapability(key, cap, Math.floor(Date.now() / 1000));
    if (!claims || claims === "expired") throw new Error("the minted capability must verify");
    const expired = signCapability(key, {
      ...claims,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const res = await anonymous(`/api/inline/${expired}/page.html`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toMatch(/expired/);
    // Ten minutes ahead it has expired too.
    expect(verifyCapability(key, cap, Math.floor(Date.now() / 1000) + 601)).toBe("expired");
  });

  it("stops working after logout and when the download permission is withdrawn", async () => {
    const location = await mint("/ed/page.html");
    const users = createUsersStore(t.db);
    const ada = (await users.findByUsername("ada"))!;
    await users.update({ ...ada, perm: { ...ada.perm, download: false } });
    expect((await anonymous(location)).statusCode).toBe(403);
    await users.update({ ...ada, perm: { ...ada.perm, download: true } });
    expect((await anonymous(location)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: { "x-auth": token } });
    expect((await anonymous(location)).statusCode).toBe(403);
  });

  it("is 403 without the download permission and 404 for a missing file", async () => {
    const res = await t.app.inject({
      url: "/api/raw-inline/ed/missing.html",
      headers: { cookie: `auth=${token}` },
    });
    expect(res.statusCode).toBe(404);
    const users = createUsersStore(t.db);
    const ada = (await users.findByUsername("ada"))!;
    await users.update({ ...ada, perm: { ...ada.perm, download: false } });
    const denied = await t.app.inject({
      url: "/api/raw-inline/ed/page.html",
      headers: { cookie: `auth=${token}` },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers.location).toBeUndefined();
  });

  it("keeps PDFs out of the sandbox so browsers can show them, still without scripts", async () => {
    const res = await anonymous(
      (await mint("/ed/page.html")).replace(/page\.html$/, "edition.pdf"),
    );
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-security-policy"]).toContain("script-src 'none'");
  });

  it("never writes tokens or capabilities to the log", async () => {
    const location = await mint("/ed/page.html");
    await anonymous(location);
    await t.app.inject({ url: `/api/raw/ed/page.html?auth=${token}` });
    const log = logLines.join("");
    expect(log).toContain("/api/inline/[redacted]/page.html");
    expect(log).not.toContain(capabilityOf(location));
    expect(log).not.toContain(token);
  });
});

describe("under a base URL", () => {
  beforeEach(() => setup("/scriptorium"));

  it("puts the base URL into the redirect and serves the page under it", async () => {
    const location = await mint("/ed/page.html", "/scriptorium");
    expect(location).toMatch(/^\/scriptorium\/api\/inline\/[\w-]+\.[\w-]+\/page\.html$/);
    const res = await anonymous(location);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
    const folder = await anonymous(location.replace(/page\.html$/, "sub"));
    expect(folder.headers.location).toMatch(/^\/scriptorium\/api\/inline\/.*\/sub\/index\.html$/);
  });
});
