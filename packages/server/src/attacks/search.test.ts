import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "@scriptorium/shared";
import { expectSafe, jsonOf, startTarget, type Target } from "../test/attack-target.js";

/**
 * Search (API.md Part B §9; File Browser advisories on search listing files outside the scope
 * and behind rules): the folder searched is resolved through the user's gate, results never
 * leave the scope, never show rule-denied or (for users who hide them) hidden names, links are
 * not followed, and hostile queries get a 4xx or results, never a 5xx.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget();
  // Every file of the target is named so that one word finds them all.
  await mkdir(path.join(target.ada, ".hidden"), { recursive: true });
  await writeFile(path.join(target.ada, ".hidden", "needle-hidden.txt"), "x");
  await writeFile(path.join(target.ada, "needle-in-scope.txt"), "x");
  await writeFile(path.join(target.ada, "private", "needle-denied.txt"), "x");
  await writeFile(path.join(target.t.root, "secret", "needle-secret.txt"), "x");
  await writeFile(path.join(target.t.root, "eve", "needle-eve.txt"), "x");
  await target.as("admin", "/api/users/2", {
    method: "PUT",
    body: JSON.stringify({
      what: "user",
      which: ["hideDotfiles"],
      data: { id: 2, hideDotfiles: true },
    }),
  });
  // Wait until the watcher has brought the files written above into the index.
  for (let i = 0; i < 100; i++) {
    const res = await target.as("admin", "/api/search/?query=needle");
    if (jsonOf<SearchResult[]>(res).length >= 5) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the index did not catch up");
});
afterAll(() => target.close());

const find = (user: string, url: string) => target.as(user, url);

describe("results stay in the user's reach", () => {
  it("ada finds her file and nothing of eve, the secret, the denied folder or hidden names", async () => {
    const res = await find("ada", "/api/search/?query=needle");
    expectSafe(target, res, "needle");
    expect(jsonOf<SearchResult[]>(res).map((r) => r.path)).toEqual(["needle-in-scope.txt"]);
  });

  it("eve finds only hers", async () => {
    const res = await find("eve", "/api/search/?query=needle");
    expect(jsonOf<SearchResult[]>(res).map((r) => r.path)).toEqual(["needle-eve.txt"]);
  });

  const dirs = [
    "/../",
    "/../../",
    "/%2e%2e/",
    "/..%2f..%2f",
    "/%2e%2e%2fsecret/",
    "//..//",
    "/escape/",
    "/private/",
    "/.hidden/",
    "/../eve/",
    "/%00/",
    "/..%5c",
  ];
  for (const dir of dirs) {
    it(`searching from ${dir} shows nothing out of reach`, async () => {
      const res = await find("ada", `/api/search${dir}?query=needle`);
      expectSafe(target, res, dir);
      const text = res.body.toString();
      expect(text).not.toMatch(/needle-(secret|eve|denied|hidden)/);
      if (res.status === 200) {
        const found = jsonOf<SearchResult[]>(res).map((r) => r.path);
        expect(found.every((p) => p === "needle-in-scope.txt")).toBe(true);
      } else {
        expect([400, 403, 404]).toContain(res.status);
      }
    });
  }

  it("a link out of the scope is a name, never a way in", async () => {
    const res = await find("ada", "/api/search/?query=secret");
    const found = jsonOf<SearchResult[]>(res).map((r) => r.path);
    expect(found.some((p) => p.startsWith("escape/"))).toBe(false);
  });

  it("without a session: 401", async () => {
    const res = await target.as(undefined, "/api/search/?query=needle");
    expect(res.status).toBe(401);
  });
});

describe("hostile queries", () => {
  const queries: [string, string][] = [
    ["regex metacharacters", encodeURIComponent(".*[(^$|?+\\{")],
    ["10,000 characters", "a".repeat(10_000)],
    ["invalid UTF-8", "%ff%fe%fd"],
    ["overlong UTF-8", "%c0%ae%c0%ae"],
    ["NUL", "needle%00"],
    ["control characters", "%1b%5b2J"],
    ["only a quote", "%22"],
    ["type without a word", "type%3A"],
    ["type with dots", "type%3A..%2F..%2Fsecret"],
    ["many types", Array.from({ length: 200 }, (_, i) => `type%3Ax${i}`).join("+")],
    ["a path in the query", encodeURIComponent("../secret/needle")],
    ["repeated query", "needle&query=secret"],
  ];
  for (const [name, q] of queries) {
    it(`${name}: a 4xx or results, never a 5xx or a leak`, async () => {
      const res = await find("ada", `/api/search/?query=${q}`);
      expectSafe(target, res, name);
      expect(res.body.toString()).not.toMatch(/needle-(secret|eve|denied|hidden)/);
      if (res.status !== 200) expect([400, 414, 431]).toContain(res.status);
    });
  }
});

describe("comment: searches (the % comments of Mauro-TeX files)", () => {
  const comment = "% TODO controllare commentneedle\n";
  beforeAll(async () => {
    await writeFile(path.join(target.ada, "comment-in-scope.tex"), `testo\n${comment}`);
    await writeFile(path.join(target.ada, "private", "comment-denied.tex"), comment);
    await writeFile(path.join(target.ada, ".hidden", "comment-hidden.tex"), comment);
    await writeFile(path.join(target.t.root, "secret", "comment-secret.tex"), comment);
    await writeFile(path.join(target.t.root, "eve", "comment-eve.tex"), comment);
    for (let i = 0; i < 100; i++) {
      const res = await target.as("admin", "/api/search/?query=comment%3Acommentneedle");
      if (jsonOf<SearchResult[]>(res).length >= 5) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the text index did not catch up");
  });

  const urls = [
    "/api/search/?query=comment%3Acommentneedle",
    "/api/search/?query=comment%3Acommentneedle&content=true",
    "/api/search/../?query=comment%3Acommentneedle&content=true",
    "/api/search/private/?query=comment%3Acommentneedle&content=true",
    "/api/search/.hidden/?query=comment%3Acommentneedle",
    "/api/search/escape/?query=comment%3Acommentneedle",
    "/api/search/?query=comment%3Acommentneedle+type%3A..%2F..%2Fsecret",
  ];
  for (const url of urls) {
    it(`${url}: only ada's own comments, never a denied, hidden, other or secret file's`, async () => {
      const res = await find("ada", url);
      expectSafe(target, res, url);
      const text = res.body.toString();
      expect(text).not.toMatch(/comment-(denied|hidden|secret|eve)/);
      if (res.status === 200) {
        const found = jsonOf<SearchResult[]>(res);
        expect(found.every((r) => r.path === "comment-in-scope.tex" && r.comment)).toBe(true);
      } else expect([400, 403, 404]).toContain(res.status);
    });
  }

  it("ada's own comment is found with its line; eve's only by eve", async () => {
    const ada = jsonOf<SearchResult[]>(await find("ada", urls[0]!));
    expect(ada).toEqual([
      expect.objectContaining({ path: "comment-in-scope.tex", line: 2, comment: true }),
    ]);
    const eve = jsonOf<SearchResult[]>(await find("eve", urls[0]!));
    expect(eve.map((r) => r.path)).toEqual(["comment-eve.tex"]);
  });

  const hostile = [
    "comment%3A",
    "comment%3Acomment%3A",
    "comment%3A%22",
    "%22comment%3A%22",
    "comment%3A*",
  ];
  for (const q of hostile) {
    it(`query ${q}: a 4xx or results, never a 5xx`, async () => {
      const res = await find("ada", `/api/search/?query=${q}&content=true`);
      expectSafe(target, res, q);
      expect(res.body.toString()).not.toMatch(/comment-(denied|hidden|secret|eve)/);
      if (res.status !== 200) expect([400]).toContain(res.status);
    });
  }
});
