import { mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrashItem } from "@scriptorium/shared";
import { createUsersStore } from "../features/users/users.store.js";
import {
  expectNoLeak,
  jsonOf,
  outsideAda,
  SECRET,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * The trash routes (issue 29): no session, another user's items, ids that are paths or
 * garbage, `?user=` by a non-admin, rules that now deny an item's path, links planted where a
 * restore lands, and each permission missing. ada's rules deny `/private`.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({
    extra: [
      { name: "o-nocreate", perm: { create: false } },
      { name: "o-nodelete", perm: { delete: false } },
      { name: "o-rule" },
    ],
  });
});
afterAll(() => target.close());

const list = async (user: string, query = "") =>
  jsonOf<TrashItem[]>(await target.as(user, `/api/trash${query}`));

/** `user` deletes `p` (a file it writes first, under ada's scope) and gets its trash item. */
async function trashed(user: string, p: string, body = "content"): Promise<TrashItem> {
  await mkdir(path.dirname(path.join(target.ada, p)), { recursive: true });
  await writeFile(path.join(target.ada, p), body);
  const res = await target.as(user, `/api/resources${p}`, { method: "DELETE" });
  expect(res.status, res.body.toString()).toBe(204);
  const item = (await list(user)).find((i) => i.path === p);
  expect(item).toBeDefined();
  return item!;
}

const ROUTES = (id: string) =>
  [
    ["GET", "/api/trash"],
    ["DELETE", "/api/trash"],
    ["POST", `/api/trash/${id}/restore`],
    ["DELETE", `/api/trash/${id}`],
  ] as const;

describe("no session", () => {
  it("every trash route is 401 without a token, with a forged or empty one", async () => {
    const item = await trashed("ada", "/nosession.txt");
    for (const token of [undefined, "", "x.y.z", target.tokens.ada.slice(0, -4) + "AAAA"]) {
      for (const [method, url] of ROUTES(item.id)) {
        const headers: Record<string, string> = token === undefined ? {} : { "x-auth": token };
        const res = await target.send(url, { method, headers });
        expect(res.status, `${method} ${url} ${token}`).toBe(401);
      }
    }
    expect((await list("ada")).map((i) => i.id)).toContain(item.id);
  });
});

describe("another user's items", () => {
  it("eve neither sees, restores nor deletes ada's item; emptying hers leaves ada's", async () => {
    const item = await trashed("ada", "/theirs.txt", "ada's bytes");
    expect(await list("eve")).toEqual([]);
    for (const [method, url] of ROUTES(item.id).slice(2)) {
      expect((await target.as("eve", url, { method })).status).toBe(404);
    }
    expect((await target.as("eve", "/api/trash", { method: "DELETE" })).status).toBe(204);
    expect((await list("ada")).map((i) => i.id)).toContain(item.id);
    expect(await readdir(path.join(target.t.root, "eve"))).toEqual(["eve.txt"]);
  });

  it("?user= is for admins only, and checked", async () => {
    // ada is user 2: her own id is her own trash; the others' are refused.
    expect((await target.as("ada", "/api/trash?user=2")).status).toBe(200);
    for (const query of ["?user=3", "?user=1", "?user=4"]) {
      expect((await target.as("ada", `/api/trash${query}`)).status).toBe(403);
    }
    for (const query of ["?user=abc", "?user=-1", "?user=0", "?user=2&user=3"]) {
      const res = await target.as("admin", `/api/trash${query}`);
      expect(res.status, query).toBe(400);
    }
    for (const query of ["?user=99999", "?user=1e3"]) {
      expect((await target.as("admin", `/api/trash${query}`)).status).toBe(404);
    }
  });
});

describe("ids that are not ids", () => {
  const IDS = [
    "..",
    "%2e%2e",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e%2f1",
    "..%5c..%5c",
    "1",
    "2%2f" + "a".repeat(20),
    "%00",
    "a%00b",
    "'%20or%201=1%20--",
    "*",
    "%25",
    "x".repeat(65),
    "y".repeat(10_000),
    encodeURIComponent("ünïcødé"),
  ];

  it("are 400 or 404 on restore and delete, and change nothing", async () => {
    const item = await trashed("ada", "/keep.txt");
    const before = await outsideAda(target);
    for (const id of IDS) {
      for (const method of ["POST", "DELETE"] as const) {
        const url = method === "POST" ? `/api/trash/${id}/restore` : `/api/trash/${id}`;
        const res = await target.as("ada", url, { method });
        expectNoLeak(target, res, `${method} ${id.slice(0, 40)}`);
        // 414: a URL longer than the server reads.
        expect([400, 404, 414], `${method} ${id.slice(0, 40)}: ${res.status}`).toContain(
          res.status,
        );
      }
    }
    // Paths in place of ids reach other routes or none: never a trash item by path.
    for (const url of ["/api/trash/../resources/doc.tex", "/api/trash/%2e%2e/resources/doc.tex"]) {
      expect((await target.as("ada", url, { method: "DELETE" })).status).toBeGreaterThanOrEqual(
        400,
      );
    }
    expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toContain("In scope");
    expect(await outsideAda(target)).toEqual(before);
    expect((await list("ada")).map((i) => i.id)).toContain(item.id);
  });
});

describe("rules", () => {
  it("an item whose path a rule now denies is hidden and cannot be restored or deleted", async () => {
    const item = await trashed("o-rule", "/ruled/r.txt");
    const users = createUsersStore(target.t.db);
    const user = (await users.findByUsername("o-rule"))!;
    await users.update({
      ...user,
      rules: [...user.rules, { allow: false, path: "/ruled", regex: false, regexp: { raw: "" } }],
    });
    expect(await list("o-rule")).toEqual([]);
    expect((await list("admin", `?user=${user.id}`)).map((i) => i.id)).toEqual([]);
    const restore = await target.as("o-rule", `/api/trash/${item.id}/restore`, { method: "POST" });
    expect(restore.status).toBe(404);
    expect((await target.as("o-rule", `/api/trash/${item.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    await expect(readFile(path.join(target.ada, "ruled", "r.txt"))).rejects.toThrow();
  });

  it("a denied path cannot be put in the trash in the first place", async () => {
    const res = await target.as("ada", "/api/resources/private/denied.txt", { method: "DELETE" });
    expect(res.status).toBe(403);
    expect((await list("ada")).some((i) => i.path.startsWith("/private"))).toBe(false);
  });
});

describe("links at the restore destination", () => {
  it("a parent folder replaced by a link out of the scope: refused, nothing written there", async () => {
    const item = await trashed("ada", "/lk/a/f.txt", "restored bytes");
    await rm(path.join(target.ada, "lk", "a"), { recursive: true });
    await symlink(path.join(target.t.root, "secret"), path.join(target.ada, "lk", "a"));
    const before = await outsideAda(target);
    const res = await target.as("ada", `/api/trash/${item.id}/restore`, { method: "POST" });
    expectNoLeak(target, res, "restore through a link");
    expect(res.status).toBe(403);
    expect(await outsideAda(target)).toEqual(before);
    expect((await list("ada")).map((i) => i.id)).toContain(item.id);
  });

  it("a parent replaced by a link into a denied folder: refused", async () => {
    const item = await trashed("ada", "/lk2/b/f.txt");
    await rm(path.join(target.ada, "lk2", "b"), { recursive: true });
    await symlink(path.join(target.ada, "private"), path.join(target.ada, "lk2", "b"));
    const res = await target.as("ada", `/api/trash/${item.id}/restore`, { method: "POST" });
    expect(res.status).toBe(403);
    expect(await readdir(path.join(target.ada, "private"))).toEqual(["denied.txt"]);
  });

  it("a link at the name itself is never written through: the item lands beside it", async () => {
    const item = await trashed("ada", "/lk3/f.txt", "mine");
    await symlink(
      path.join(target.t.root, "secret", "secret.txt"),
      path.join(target.ada, "lk3", "f.txt"),
    );
    const res = await target.as("ada", `/api/trash/${item.id}/restore`, { method: "POST" });
    expect(jsonOf(res)).toEqual({ path: "/lk3/f (restored).txt" });
    expect(await readFile(path.join(target.t.root, "secret", "secret.txt"), "utf8")).toBe(SECRET);
    expect(await readFile(path.join(target.ada, "lk3", "f (restored).txt"), "utf8")).toBe("mine");
  });
});

describe("each permission missing", () => {
  it("no create: restore is 403, the item stays", async () => {
    const item = await trashed("o-nocreate", "/nc.txt");
    const res = await target.as("o-nocreate", `/api/trash/${item.id}/restore`, { method: "POST" });
    expect(res.status).toBe(403);
    expect((await list("o-nocreate")).map((i) => i.id)).toEqual([item.id]);
  });

  it("no delete: nothing goes to the trash, nothing leaves it for ever", async () => {
    await writeFile(path.join(target.ada, "nd.txt"), "x");
    const del = await target.as("o-nodelete", "/api/resources/nd.txt", { method: "DELETE" });
    expect(del.status).toBe(403);
    expect(await list("o-nodelete")).toEqual([]);
    const item = await trashed("ada", "/nd2.txt");
    for (const [method, url] of ROUTES(item.id).slice(1)) {
      if (method === "POST") continue;
      expect((await target.as("o-nodelete", url, { method })).status).toBe(403);
    }
    expect((await list("ada")).map((i) => i.id)).toContain(item.id);
  });
});
