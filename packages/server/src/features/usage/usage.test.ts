import { mkdir, statfs, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let bob: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "bob", password: "bob-password-12", fields: { scope: "/bob" } });
  const scope = path.join(t.root, "bob");
  await mkdir(path.join(scope, "notes"), { recursive: true });
  await writeFile(path.join(scope, "notes", "a.tex"), "\\section{A}");
  await mkdir(path.join(t.root, "secret"), { recursive: true });
  await mkdir(path.join(t.root, "bob2"), { recursive: true });
  await symlink(path.join(t.root, "secret"), path.join(scope, "escape"));
  bob = await t.login("bob", "bob-password-12");
});
afterEach(() => t.close());

/** a.tex's 11 bytes and the link's (the length of its target's path). */
const SCOPE_BYTES = () => 11 + path.join(t.root, "secret").length;
const usage = (url: string) => t.app.inject({ method: "GET", url, headers: { "x-auth": bob } });

describe("GET /api/usage{path}", () => {
  it("reports a scoped user's own bytes, of the free space, and zeros for a file", async () => {
    await writeFile(path.join(t.root, "secret", "big.bin"), Buffer.alloc(50_000));
    const res = await usage("/api/usage/notes/");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; used: number }>();
    // Only the scope's one file and its link (a link is its own few bytes, its target's path):
    // not the volume, not the link's target outside.
    expect(body.used).toBe(SCOPE_BYTES());
    expect(body.total).toBeGreaterThan(body.used);
    // The whole scope is measured, whichever of its folders the bar is on.
    expect((await usage("/api/usage/")).json<{ used: number }>().used).toBe(SCOPE_BYTES());
    expect((await usage("/api/usage/notes/a.tex")).json()).toEqual({ total: 0, used: 0 });
  });

  it("counts again after a change made through the app", async () => {
    expect((await usage("/api/usage/")).json<{ used: number }>().used).toBe(SCOPE_BYTES());
    const put = await t.app.inject({
      method: "POST",
      url: "/api/resources/notes/b.txt",
      headers: { "x-auth": bob },
      payload: "x".repeat(1000),
    });
    expect(put.statusCode).toBe(200);
    expect((await usage("/api/usage/")).json<{ used: number }>().used).toBe(SCOPE_BYTES() + 1000);
  });

  it("gives a user of the whole files root the volume's statistics (File Browser's answer)", async () => {
    const admin = await t.login("admin", ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/usage/",
      headers: { "x-auth": admin },
    });
    const body = res.json<{ total: number; used: number }>();
    const vol = await statfs(t.root);
    expect(body.total).toBe(vol.blocks * vol.bsize);
    expect(body.used).toBeGreaterThan(0);
  });

  it("is 404 for a missing path and needs a token", async () => {
    expect((await usage("/api/usage/missing/")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/usage/" })).statusCode).toBe(401);
  });

  it("never leaves the scope", async () => {
    const link = await usage("/api/usage/escape/");
    expect(link.statusCode).toBe(403);
    expect(errorOf(link).code).toBe("PATH_OUTSIDE_SCOPE");
    // `..` is resolved inside the scope: these all land on the scope root itself or fail.
    for (const url of [
      "/api/usage/../bob2/",
      "/api/usage/%2e%2e/secret/",
      "/api/usage/..%2fsecret",
      "/api/usage//..//..//secret/",
    ]) {
      const res = await usage(url);
      expect([200, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const root = await usage("/api/usage/");
        expect(res.json(), url).toEqual(root.json());
      }
    }
    expect((await usage("/api/usage/a%00b/")).statusCode).toBe(400);
  });
});
