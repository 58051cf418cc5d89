import { readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@scriptorium/shared";
import {
  DENIED,
  expectNoLeak,
  jsonOf,
  SECRET,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * The history routes (issue 29): no session, paths that escape the scope (`..`, encoded, links
 * out of it or into a denied folder), a rule denying `/private` (no version of it is listed,
 * sent, compared, restored or named), another user's version ids, each permission missing, and
 * input that is not what the routes take. ada's rules deny `/private`.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({
    extra: [
      { name: "o-nomodify", perm: { modify: false } },
      { name: "o-nodownload", perm: { download: false } },
    ],
  });
});
afterAll(() => target.close());

const json = (body: unknown) => ({
  method: "PUT",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** `user` saves `text` at `p` (PUT /api/resources) and answers the file's versions. */
async function saved(user: string, p: string, text: string): Promise<Version[]> {
  const write = (method: string, query = "") =>
    target.as(user, `/api/resources${p}${query}`, {
      method,
      headers: { "content-type": "text/plain" },
      body: text,
    });
  let res = await write("PUT");
  // A file that is not there yet is created (no version: nothing was replaced).
  if (res.status === 404) res = await write("POST", "?override=false");
  expect(res.status, res.body.toString()).toBe(200);
  return jsonOf<Version[]>(await target.as(user, `/api/history${p}`));
}

/** Every way of reaching a version of `p`: list, bytes, download, diff, restore, label. */
const ROUTES = (p: string, id: string) =>
  [
    ["GET", `/api/history${p}`],
    ["GET", `/api/history${p}?version=${id}`],
    ["GET", `/api/history${p}?version=${id}&download=1`],
    ["GET", `/api/history${p}?diff=${id},current`],
    ["POST", `/api/history${p}?version=${id}&action=restore`],
    ["PUT", `/api/history${p}?version=${id}`],
  ] as const;

const send = (user: string | undefined, method: string, url: string) =>
  target.as(user, url, method === "PUT" ? json({ label: "x" }) : { method });

describe("no session", () => {
  it("every history route is 401 without a token, forged or empty (share visitors too)", async () => {
    await saved("ada", "/hist-nosession.txt", "one");
    const [v] = await saved("ada", "/hist-nosession.txt", "two");
    expect(v).toBeDefined();
    for (const token of [undefined, "", "x.y.z", target.tokens.ada.slice(0, -4) + "AAAA"]) {
      for (const [method, url] of ROUTES("/hist-nosession.txt", v!.id)) {
        const headers: Record<string, string> = token === undefined ? {} : { "x-auth": token };
        const res = await target.send(url, {
          method,
          headers: { ...headers, ...(method === "PUT" && { "content-type": "application/json" }) },
          body: method === "PUT" ? '{"label":"x"}' : undefined,
        });
        expect(res.status, `${method} ${url} ${token}`).toBe(401);
      }
    }
  });
});

describe("a rule that denies /private", () => {
  it("ada sees no version of /private/*: not listed, sent, compared, restored or named", async () => {
    // The admin (scope /) overwrites ada's denied file twice: it has versions.
    await saved("admin", "/ada/private/denied.txt", "second");
    const [v] = await saved("admin", "/ada/private/denied.txt", DENIED);
    expect(v).toBeDefined();
    for (const [method, url] of ROUTES("/private/denied.txt", v!.id)) {
      const res = await send("ada", method, url);
      expectNoLeak(target, res, `${method} ${url}`);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    // Through a link in her scope to the denied file: refused the same.
    await symlink(
      path.join(target.ada, "private", "denied.txt"),
      path.join(target.ada, "to-denied"),
    );
    for (const [method, url] of ROUTES("/to-denied", v!.id)) {
      const res = await send("ada", method, url);
      expectNoLeak(target, res, `${method} ${url}`);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    // Her own file's path with the denied file's version id: not that version.
    await saved("ada", "/own.txt", "mine");
    await saved("ada", "/own.txt", "mine 2");
    for (const [method, url] of ROUTES("/own.txt", v!.id).slice(1)) {
      const res = await send("ada", method, url);
      expectNoLeak(target, res, `${method} ${url}`);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await readFile(path.join(target.ada, "private", "denied.txt"), "utf8")).toBe(DENIED);
  });
});

describe("paths out of the scope", () => {
  const ESCAPES = [
    "/../secret/secret.txt",
    "/%2e%2e/secret/secret.txt",
    "/..%2fsecret%2fsecret.txt",
    "/%2e%2e%2f%2e%2e%2fsecret%2fsecret.txt",
    "/..%5csecret%5csecret.txt",
    "/private/../../secret/secret.txt",
    "//secret/secret.txt",
  ];

  it("escapes never reach the versions of another place", async () => {
    const [v] = await saved("admin", "/secret/secret.txt", "changed");
    expect(v).toBeDefined();
    await saved("admin", "/secret/secret.txt", SECRET);
    for (const p of ESCAPES) {
      for (const [method, url] of ROUTES(p, v!.id)) {
        const res = await send("ada", method, url);
        expectNoLeak(target, res, `${method} ${url}`);
        expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
      }
    }
    // A link in ada's scope to a file outside it: refused.
    await symlink(
      path.join(target.t.root, "secret", "secret.txt"),
      path.join(target.ada, "out-link"),
    );
    for (const [method, url] of ROUTES("/out-link", v!.id)) {
      const res = await send("ada", method, url);
      expectNoLeak(target, res, `${method} ${url}`);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await readFile(path.join(target.t.root, "secret", "secret.txt"), "utf8")).toBe(SECRET);
  });

  it("eve (another scope) cannot use ada's version ids on her own file", async () => {
    await saved("ada", "/ada-file.txt", "ada 1");
    const [v] = await saved("ada", "/ada-file.txt", "ada 2");
    await writeFile(path.join(target.t.root, "eve", "mine.txt"), "eve's");
    for (const [method, url] of ROUTES("/mine.txt", v!.id).slice(1)) {
      const res = await send("eve", method, url);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // ada's path in eve's view is eve's own (nothing there).
    expect((await target.as("eve", "/api/history/ada-file.txt")).status).toBe(404);
  });
});

describe("permissions", () => {
  it("restore and label need modify; listing and reading do not", async () => {
    const p = "/perm.txt";
    await writeFile(path.join(target.ada, "perm.txt"), "first");
    const [v] = await saved("ada", p, "second");
    expect((await target.as("o-nomodify", `/api/history${p}`)).status).toBe(200);
    expect((await target.as("o-nomodify", `/api/history${p}?version=${v!.id}`)).status).toBe(200);
    const restore = await target.as(
      "o-nomodify",
      `/api/history${p}?version=${v!.id}&action=restore`,
      {
        method: "POST",
      },
    );
    expect(restore.status).toBe(403);
    const label = await target.as(
      "o-nomodify",
      `/api/history${p}?version=${v!.id}`,
      json({ label: "x" }),
    );
    expect(label.status).toBe(403);
    expect(await readFile(path.join(target.ada, "perm.txt"), "utf8")).toBe("second");
    const list = jsonOf<Version[]>(await target.as("ada", `/api/history${p}`));
    expect(list[0]?.label).toBe(null);
  });

  it("a version's bytes and a diff need download; the list does not", async () => {
    const p = "/dl.txt";
    await writeFile(path.join(target.ada, "dl.txt"), "first");
    const [v] = await saved("ada", p, "second");
    expect((await target.as("o-nodownload", `/api/history${p}`)).status).toBe(200);
    for (const query of [
      `?version=${v!.id}`,
      `?version=${v!.id}&download=1`,
      `?diff=${v!.id},current`,
    ]) {
      const res = await target.as("o-nodownload", `/api/history${p}${query}`);
      expect(res.status, query).toBe(403);
      expect(res.body.toString()).not.toContain("first");
    }
  });
});

describe("input that is not what the routes take", () => {
  it("bad ids, diff pairs, actions and labels are 400 or 404, and change nothing", async () => {
    const p = "/input.txt";
    await writeFile(path.join(target.ada, "input.txt"), "first");
    const [v] = await saved("ada", p, "second");
    const BAD_IDS = ["..", "%2e%2e", "../x", "%00", "'%20or%201=1%20--", "x".repeat(65), "*"];
    for (const id of BAD_IDS) {
      for (const [method, url] of ROUTES(p, id).slice(1)) {
        const res = await send("ada", method, url);
        expectNoLeak(target, res, `${method} ${url}`);
        expect([400, 404], `${method} ${url}: ${res.status}`).toContain(res.status);
      }
    }
    for (const diff of ["", "a", "a,b,c", `${v!.id}`, `${v!.id},`, ",current", "x".repeat(200)]) {
      const res = await target.as("ada", `/api/history${p}?diff=${diff}`);
      expect([400, 404], `diff=${diff}: ${res.status}`).toContain(res.status);
    }
    for (const q of ["?context=-1", "?context=abc", "?download=2", "?version="]) {
      expect((await target.as("ada", `/api/history${p}${q}`)).status, q).toBe(400);
    }
    const wrongAction = await target.as("ada", `/api/history${p}?version=${v!.id}&action=delete`, {
      method: "POST",
    });
    expect(wrongAction.status).toBe(400);
    const noVersion = await target.as("ada", `/api/history${p}?action=restore`, { method: "POST" });
    expect(noVersion.status).toBe(400);
    for (const body of ["{}", "not json", `{"label":"${"y".repeat(201)}"}`]) {
      const res = await target.as("ada", `/api/history${p}?version=${v!.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.status, body).toBe(400);
    }
    // A folder has no versions.
    expect((await target.as("ada", "/api/history/")).status).toBe(400);
    expect(await readFile(path.join(target.ada, "input.txt"), "utf8")).toBe("second");
  });
});
