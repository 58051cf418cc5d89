import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EVE_SECRET,
  expectNoLeak,
  expectSafe,
  jsonOf,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * Scopes (File Browser advisories on scope escapes between users): eve and ada have separate
 * scopes; neither reaches the other's files or records by any route, and a scope written with
 * dots stays inside the server's files folder.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget();
  await target.t.createUser({
    username: "dots",
    password: "dots-password-12",
    fields: { scope: "../../.." },
  });
  target.tokens.dots = await target.t.login("dots", "dots-password-12");
});
afterAll(() => target.close());

const ADA_PATHS = ["/doc.tex", "/../ada/doc.tex", "/%2e%2e/ada/doc.tex", "/ada/doc.tex"];
const ROUTES = ["/api/resources", "/api/raw", "/api/usage", "/api/raw-inline", "/api/subtitle"];

describe("one user never sees another's files", () => {
  for (const p of ADA_PATHS) {
    for (const route of ROUTES) {
      it(`eve: ${route}${p}`, async () => {
        const res = await target.as("eve", route + p);
        expectSafe(target, res, route + p);
        expect(res.body.toString()).not.toContain("In scope");
        expect([400, 403, 404]).toContain(res.status);
      });
    }
  }

  it("eve's usage counts the bytes of her own scope only (issue 31), by any spelling", async () => {
    const own = async (dir: string): Promise<number> => {
      let bytes = 0;
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const abs = path.join(dir, entry.name);
        bytes += entry.isDirectory() ? await own(abs) : (await lstat(abs)).size;
      }
      return bytes;
    };
    const expected = await own(path.join(target.t.root, "eve"));
    for (const p of ["/", "/../", "/%2e%2e/", "/../ada/../"]) {
      const res = await target.as("eve", "/api/usage" + p);
      expectSafe(target, res, p);
      if (res.status === 200) expect(jsonOf<{ used: number }>(res).used, p).toBe(expected);
      else expect([400, 403, 404], p).toContain(res.status);
    }
  });

  it("eve's listing shows her own files only", async () => {
    const res = await target.as("eve", "/api/resources/");
    expectSafe(target, res, "listing");
    expect(jsonOf<{ items: { name: string }[] }>(res).items.map((i) => i.name)).toEqual([
      "eve.txt",
    ]);
  });

  it("ada never reads eve's file, whatever the spelling", async () => {
    for (const p of ["/../eve/eve.txt", "/%2e%2e/eve/eve.txt", "//eve/eve.txt", "/eve/eve.txt"]) {
      const res = await target.as("ada", "/api/raw" + p);
      expectNoLeak(target, res, p);
    }
  });

  it("eve's archive of her root holds only her files", async () => {
    const res = await target.as("eve", "/api/raw/?algo=tar");
    expect(res.status).toBe(200);
    expect(res.body.toString("latin1")).toContain(EVE_SECRET);
    expect(res.body.toString("latin1")).not.toContain("In scope");
  });

  it("eve cannot end, see or cancel ada's upload", async () => {
    const post = await target.as("ada", "/api/tus/up.bin", {
      method: "POST",
      headers: { "upload-length": "4" },
    });
    expect(post.status).toBe(201);
    for (const method of ["HEAD", "DELETE"]) {
      const res = await target.as("eve", "/api/tus/up.bin", { method });
      expectSafe(target, res, method);
      expect(res.status).toBe(404);
    }
    const head = await target.as("ada", "/api/tus/up.bin", { method: "HEAD" });
    expect(head.headers["upload-offset"]).toBe("0");
  });
});

describe("user records", () => {
  for (const [method, id] of [
    ["GET", 2],
    ["PUT", 2],
    ["GET", 1],
    ["GET", 99],
  ] as const) {
    it(`eve ${method} /api/users/${id}`, async () => {
      const body =
        method === "PUT"
          ? JSON.stringify({ what: "user", which: ["locale"], data: { id, locale: "it" } })
          : undefined;
      const res = await target.as("eve", `/api/users/${id}`, { method, body });
      expectSafe(target, res, `${method} ${id}`);
      expect(res.status).toBe(403);
    });
  }

  it("a non-admin never sees a scope, not even their own", async () => {
    const res = await target.as("ada", "/api/users/2");
    expect(jsonOf<{ scope: string }>(res).scope).toBe("");
  });

  it("a body id that differs from the URL is refused", async () => {
    const res = await target.as("eve", "/api/users/3", {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: ["locale"], data: { id: 2, locale: "it" } }),
    });
    expectSafe(target, res, "id mismatch");
    expect(res.status).toBe(400);
  });
});

describe("scopes written with dots", () => {
  it("stay inside the files folder", async () => {
    const res = await target.as("dots", "/api/resources/");
    expectSafe(target, res, "dots listing");
    const names = jsonOf<{ items: { name: string }[] }>(res).items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(["ada", "eve", "secret"]));
    expect(names).not.toContain("test.db");
    expect(names).not.toContain("files");
  });

  it("an admin setting a scope with dots keeps it inside", async () => {
    const put = await target.as("admin", "/api/users/4", {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: ["scope"], data: { id: 4, scope: "/../../x" } }),
    });
    expectSafe(target, put, "scope");
    expect(put.status).toBe(200);
    expect(await readdir(target.t.dir)).not.toContain("x");
    expect(await readdir(path.dirname(target.t.dir))).not.toContain("x");
    expect(await readdir(target.t.root)).toContain("x");
  });
});
