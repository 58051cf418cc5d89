import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, rawGet } from "../../test/http.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";

/**
 * The security suite of every download route (raw, raw-inline, inline, preview, subtitle):
 * requests are sent over a real socket with their paths exactly as written, so `..`, `%2e%2e`,
 * `%2f`, `//`, backslashes, absolute paths, NUL bytes and links leaving the scope all reach
 * the server; none of them may return a byte from outside the user's scope.
 */
let t: TestContext;
let port: number;
let token: string;
let scope: string;
const SECRET = "TOP SECRET";

const FILES = { txt: "secret.txt", html: "secret.html", srt: "secret.srt", png: "secret.png" };

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "pub"), { recursive: true });
  await writeFile(path.join(scope, "pub", "page.html"), "<p>public</p>");
  await writeFile(path.join(scope, "private.txt"), "private, but in scope");
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  for (const dir of ["secret", "ada2"]) {
    await mkdir(path.join(t.root, dir), { recursive: true });
    await writeFile(path.join(t.root, dir, FILES.txt), SECRET);
    await writeFile(path.join(t.root, dir, FILES.html), `<p>${SECRET}</p>`);
    await writeFile(
      path.join(t.root, dir, FILES.srt),
      `1\n00:00:01,000 --> 00:00:02,000\n${SECRET}\n`,
    );
    await writeFile(path.join(t.root, dir, FILES.png), png);
  }
  await writeFile(path.join(scope, "pub", "pic.png"), png);
  await writeFile(path.join(scope, "pub", "subs.srt"), "1\n00:00:01,000 --> 00:00:02,000\nok\n");
  await symlink(path.join(t.root, "secret"), path.join(scope, "escape"));
  await symlink(path.join(t.root, "secret"), path.join(scope, "pub", "escape"));
  for (const name of Object.values(FILES)) {
    await symlink(path.join(t.root, "secret", name), path.join(scope, `link-${name}`));
  }
  token = await t.login("ada", "ada-password-12");
  port = await listen(t.app);
});
afterAll(() => t.close());

/** Ways of naming `<root>/secret/<file>` (or a sibling of the scope) from inside a scope. */
function attacks(file: string): string[] {
  const enc = encodeURIComponent(file);
  return [
    `/../secret/${file}`,
    `/../../secret/${file}`,
    `/%2e%2e/secret/${file}`,
    `/%2E%2E/%2E%2E/secret/${file}`,
    `/..%2fsecret%2f${enc}`,
    `/..%2F..%2Fsecret/${file}`,
    `//..//..//secret/${file}`,
    `/pub/../../secret/${file}`,
    `/pub/%2e%2e/%2e%2e/secret/${file}`,
    `/..%5csecret%5c${enc}`,
    `/../ada2/${file}`,
    `/escape/${file}`,
    `/pub/escape/${file}`,
    `/link-${file}`,
    `/${t.root}/secret/${file}`,
    `/secret%00/${file}`,
    `/%00../secret/${file}`,
  ];
}

const ROUTES: { prefix: string; file: string }[] = [
  { prefix: "/api/raw", file: FILES.txt },
  { prefix: "/api/raw-inline", file: FILES.html },
  { prefix: "/api/preview/thumb", file: FILES.png },
  { prefix: "/api/preview/big", file: FILES.png },
  { prefix: "/api/subtitle", file: FILES.srt },
];

describe("no download route leaves the scope", () => {
  for (const { prefix, file } of ROUTES) {
    it(`${prefix}{path}`, async () => {
      for (const attack of attacks(file)) {
        const res = await rawGet(port, prefix + attack, { "x-auth": token });
        expect([400, 403, 404], `${prefix}${attack}: ${res.status}`).toContain(res.status);
        expect(res.body.toString("latin1")).not.toContain(SECRET);
        expect(res.headers.location).toBeUndefined();
      }
    });
  }

  it("/api/inline/{capability}{path} stays inside the capability's folder", async () => {
    const minted = await rawGet(port, "/api/raw-inline/pub/page.html", { cookie: `auth=${token}` });
    expect(minted.status).toBe(302);
    const base = (minted.headers.location as string).replace(/page\.html$/, "");
    expect((await rawGet(port, base + "page.html")).body.toString()).toBe("<p>public</p>");
    const rests = [
      ...attacks(FILES.txt).map((a) => a.slice(1)),
      "../private.txt",
      "%2e%2e/private.txt",
      "..%2fprivate.txt",
      "../link-secret.txt",
      "..",
      "%2e%2e",
    ];
    for (const rest of rests) {
      const res = await rawGet(port, base + rest);
      expect([400, 403, 404], `${rest}: ${res.status}`).toContain(res.status);
      expect(res.body.toString()).not.toContain(SECRET);
      expect(res.body.toString()).not.toContain("private, but in scope");
    }
  });

  it("serves files inside the scope over the same socket (the control)", async () => {
    const auth = { "x-auth": token };
    expect((await rawGet(port, "/api/raw/private.txt", auth)).status).toBe(200);
    expect((await rawGet(port, "/api/raw/pub/../private.txt", auth)).status).toBe(200);
    expect((await rawGet(port, "/api/raw-inline/pub/page.html", auth)).status).toBe(302);
    expect((await rawGet(port, "/api/preview/thumb/pub/pic.png", auth)).status).toBe(200);
    expect((await rawGet(port, "/api/preview/big/pub/pic.png", auth)).status).toBe(200);
    expect((await rawGet(port, "/api/subtitle/pub/subs.srt", auth)).status).toBe(200);
  });

  it("answers the same attacks with 401 when there is no token", async () => {
    for (const { prefix, file } of ROUTES) {
      const res = await rawGet(port, `${prefix}/../secret/${file}`);
      expect(res.status).toBe(401);
    }
  });
});
