import {
  mkdir,
  readFile,
  readdir,
  stat,
  symlink,
  utimes,
  writeFile,
  chmod,
} from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
let scope: string;
const OLD = new Date("2001-02-03T04:05:06Z");

beforeEach(async () => {
  t = await createTestApp({
    settings: (s) =>
      (s.rules = [{ allow: false, path: "/denied", regex: false, regexp: { raw: "" } }]),
  });
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "books", "liber1"), { recursive: true });
  await mkdir(path.join(scope, "dest"), { recursive: true });
  await mkdir(path.join(scope, "denied"), { recursive: true });
  await mkdir(path.join(t.root, "outside"), { recursive: true });
  await writeFile(path.join(scope, "books", "a.txt"), "alpha");
  await writeFile(path.join(scope, "books", "liber1", "cap1.tex"), "\\Unit caput");
  await chmod(path.join(scope, "books", "liber1", "cap1.tex"), 0o640);
  await utimes(path.join(scope, "books", "a.txt"), OLD, OLD);
  await utimes(path.join(scope, "books", "liber1", "cap1.tex"), OLD, OLD);
  await writeFile(path.join(scope, "denied", "d.txt"), "no");
  await symlink(path.join(t.root, "outside"), path.join(scope, "escape"));
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

function patch(src: string, query: Record<string, string>, auth = token) {
  const qs = new URLSearchParams(query).toString();
  return t.app.inject({
    method: "PATCH",
    url: `/api/resources${src}?${qs}`,
    headers: { "x-auth": auth },
  });
}
/**
 * The UI encodes each segment, then the whole value again (API.md §2.9); URLSearchParams in
 * `patch` adds the outer layer.
 */
const dest = (p: string) => p.split("/").map(encodeURIComponent).join("/");
const at = (...p: string[]) => path.join(scope, ...p);

describe("copy", () => {
  it("copies a file with its content, mode and mtime", async () => {
    const res = await patch("/books/a.txt", { action: "copy", destination: dest("/dest/a.txt") });
    expect(res.statusCode).toBe(200);
    expect(await readFile(at("dest", "a.txt"), "utf8")).toBe("alpha");
    expect((await stat(at("dest", "a.txt"))).mtime.getTime()).toBe(OLD.getTime());
    expect(await readFile(at("books", "a.txt"), "utf8")).toBe("alpha");
  });

  it("copies a folder recursively, byte for byte, with modes and mtimes", async () => {
    expect(
      (await patch("/books", { action: "copy", destination: dest("/dest/books") })).statusCode,
    ).toBe(200);
    expect(await readFile(at("dest", "books", "liber1", "cap1.tex"), "utf8")).toBe("\\Unit caput");
    const copied = await stat(at("dest", "books", "liber1", "cap1.tex"));
    expect(copied.mode & 0o777).toBe(0o640);
    expect(copied.mtime.getTime()).toBe(OLD.getTime());
    expect((await readdir(at("dest"))).filter((n) => n.includes("scriptorium-tmp"))).toEqual([]);
  });

  it("refuses a conflict with 409, replaces with override, versions with rename", async () => {
    await writeFile(at("dest", "a.txt"), "old");
    const conflict = await patch("/books/a.txt", {
      action: "copy",
      destination: dest("/dest/a.txt"),
    });
    expect(conflict.statusCode).toBe(409);
    expect(await readFile(at("dest", "a.txt"), "utf8")).toBe("old");
    expect(
      (
        await patch("/books/a.txt", {
          action: "copy",
          destination: dest("/dest/a.txt"),
          override: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect(await readFile(at("dest", "a.txt"), "utf8")).toBe("alpha");
    expect(
      (
        await patch("/books/a.txt", {
          action: "copy",
          destination: dest("/dest/a.txt"),
          rename: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await patch("/books/a.txt", {
          action: "copy",
          destination: dest("/dest/a.txt"),
          rename: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect((await readdir(at("dest"))).sort()).toEqual(["a(1).txt", "a(2).txt", "a.txt"]);
    // A free name is kept.
    expect(
      (
        await patch("/books/a.txt", {
          action: "copy",
          destination: dest("/dest/b.txt"),
          rename: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect((await readdir(at("dest"))).sort()).toEqual(["a(1).txt", "a(2).txt", "a.txt", "b.txt"]);
  });

  it("copies into the same folder only with rename=true", async () => {
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: dest("/books/a.txt") }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await patch("/books/a.txt", {
          action: "copy",
          destination: dest("/books/a.txt"),
          rename: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect(await readFile(at("books", "a(1).txt"), "utf8")).toBe("alpha");
  });

  it("refuses a destination inside the source (checkParent)", async () => {
    const res = await patch("/books", { action: "copy", destination: dest("/books/liber1/books") });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe("INTO_ITSELF");
  });

  it("refuses copying or moving a folder into a child whose name starts with two dots", async () => {
    const before = await readdir(at("books"));
    for (const action of ["copy", "rename"]) {
      const res = await patch("/books", { action, destination: dest("/books/..b") });
      expect(res.statusCode, action).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "INTO_ITSELF" });
      expect(errorOf(res).message).toMatch(/into itself/);
    }
    // Nothing was made: no ..b, no staging folder left behind.
    expect(await readdir(at("books"))).toEqual(before);
    // A sibling that merely starts with the same letters is not inside.
    const ok = await patch("/books", { action: "copy", destination: dest("/books2") });
    expect(ok.statusCode).toBe(200);
  });
});

describe("move", () => {
  it("moves and renames files and folders", async () => {
    expect(
      (await patch("/books/a.txt", { action: "rename", destination: dest("/books/b.txt") }))
        .statusCode,
    ).toBe(200);
    expect(await readFile(at("books", "b.txt"), "utf8")).toBe("alpha");
    expect(
      (await patch("/books/liber1", { action: "rename", destination: dest("/dest/Liber primus") }))
        .statusCode,
    ).toBe(200);
    expect(await readFile(at("dest", "Liber primus", "cap1.tex"), "utf8")).toBe("\\Unit caput");
    expect(await readdir(at("books"))).toEqual(["b.txt"]);
  });

  it("applies 409, override and rename to moves", async () => {
    await writeFile(at("dest", "a.txt"), "old");
    expect(
      (await patch("/books/a.txt", { action: "rename", destination: dest("/dest/a.txt") }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await patch("/books/a.txt", {
          action: "rename",
          destination: dest("/dest/a.txt"),
          rename: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect(await readFile(at("dest", "a(1).txt"), "utf8")).toBe("alpha");
    await writeFile(at("books", "c.txt"), "gamma");
    expect(
      (
        await patch("/books/c.txt", {
          action: "rename",
          destination: dest("/dest/a.txt"),
          override: "true",
        })
      ).statusCode,
    ).toBe(200);
    expect(await readFile(at("dest", "a.txt"), "utf8")).toBe("gamma");
  });

  it("falls back to copy and delete across filesystems, keeping the source until verified", async () => {
    await t.close();
    let calls = 0;
    t = await createTestApp({
      app: {
        moveRename: () => {
          calls++;
          return Promise.reject(Object.assign(new Error("cross-device link"), { code: "EXDEV" }));
        },
      },
    });
    await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
    scope = path.join(t.root, "ada");
    await mkdir(at("books", "liber1"), { recursive: true });
    await mkdir(at("dest"), { recursive: true });
    await writeFile(at("books", "liber1", "cap1.tex"), "\\Unit caput");
    await utimes(at("books", "liber1", "cap1.tex"), OLD, OLD);
    token = await t.login("ada", "ada-password-12");
    const res = await patch("/books/liber1", {
      action: "rename",
      destination: dest("/dest/liber1"),
    });
    expect(res.statusCode).toBe(200);
    expect(calls).toBe(1);
    expect(await readFile(at("dest", "liber1", "cap1.tex"), "utf8")).toBe("\\Unit caput");
    expect((await stat(at("dest", "liber1", "cap1.tex"))).mtime.getTime()).toBe(OLD.getTime());
    expect(await readdir(at("books"))).toEqual([]);
  });

  it("carries hidden files along when a user who hides them moves across filesystems", async () => {
    await t.close();
    t = await createTestApp({
      app: {
        moveRename: () =>
          Promise.reject(Object.assign(new Error("cross-device link"), { code: "EXDEV" })),
      },
    });
    await t.createUser({
      username: "ada",
      password: "ada-password-12",
      fields: { scope: "/ada", hideDotfiles: true },
    });
    scope = path.join(t.root, "ada");
    await mkdir(at("books", "liber1"), { recursive: true });
    await writeFile(at("books", "liber1", "cap1.tex"), "\\Unit");
    await writeFile(at("books", "liber1", ".notes"), "hidden but mine");
    token = await t.login("ada", "ada-password-12");
    const res = await patch("/books/liber1", { action: "rename", destination: dest("/liber1") });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readFile(at("liber1", ".notes"), "utf8")).toBe("hidden but mine");
    expect(await readdir(at("books"))).toEqual([]);
  });
});

describe("refusals", () => {
  it("needs create for copy, rename for move, modify for override", async () => {
    const none = {
      admin: false,
      execute: false,
      create: false,
      rename: false,
      modify: false,
      delete: false,
      share: false,
      download: true,
      unzip: false,
    };
    await t.createUser({
      username: "ro",
      password: "ro-password-123",
      fields: { scope: "/ada", perm: none },
    });
    await t.createUser({
      username: "cr",
      password: "cr-password-123",
      fields: { scope: "/ada", perm: { ...none, create: true, rename: true } },
    });
    const ro = await t.login("ro", "ro-password-123");
    const cr = await t.login("cr", "cr-password-123");
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: dest("/dest/a.txt") }, ro))
        .statusCode,
    ).toBe(403);
    expect(
      (await patch("/books/a.txt", { action: "rename", destination: dest("/dest/a.txt") }, ro))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await patch(
          "/books/a.txt",
          { action: "copy", destination: dest("/dest/a.txt"), override: "true" },
          cr,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await patch(
          "/books/a.txt",
          { action: "rename", destination: dest("/dest/a.txt"), override: "true" },
          cr,
        )
      ).statusCode,
    ).toBe(403);
    expect(await readdir(at("dest"))).toEqual([]);
  });

  it("refuses rule-denied sources and destinations, the root, and unknown actions", async () => {
    expect(
      (await patch("/denied/d.txt", { action: "copy", destination: dest("/dest/d.txt") }))
        .statusCode,
    ).toBe(403);
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: dest("/denied/a.txt") }))
        .statusCode,
    ).toBe(403);
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: dest("/dest/../denied/a.txt") }))
        .statusCode,
    ).toBe(403);
    expect((await patch("/", { action: "copy", destination: dest("/dest/all") })).statusCode).toBe(
      403,
    );
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: dest("/") })).statusCode,
    ).toBe(403);
    expect(
      (await patch("/books/a.txt", { action: "explode", destination: dest("/dest/a.txt") }))
        .statusCode,
    ).toBe(400);
    expect((await patch("/books/a.txt", { action: "copy" })).statusCode).toBe(400);
    expect(
      (await patch("/books/a.txt", { action: "copy", destination: "%E0%A4%A" })).statusCode,
    ).toBe(400);
    expect(
      (await patch("/books/missing.txt", { action: "copy", destination: dest("/dest/x") }))
        .statusCode,
    ).toBe(404);
    expect(await readdir(at("denied"))).toEqual(["d.txt"]);
  });

  it("never writes outside the scope, however the destination is spelled", async () => {
    const spellings = [
      dest("/../outside/a.txt"),
      dest("/dest/../../outside/a.txt"),
      encodeURIComponent("//..//..//outside/a.txt"),
      encodeURIComponent("%2F..%2F..%2Foutside%2Fa.txt"),
      encodeURIComponent(encodeURIComponent("/../../outside/a.txt")),
      dest("/escape/a.txt"),
      dest(path.join(t.root, "outside", "a.txt")),
    ];
    for (const destination of spellings) {
      for (const action of ["copy", "rename"]) {
        await patch("/books/a.txt", { action, destination });
        await writeFile(at("books", "a.txt"), "alpha");
      }
    }
    expect(await readdir(path.join(t.root, "outside"))).toEqual([]);
    expect(
      (await patch("/escape", { action: "copy", destination: dest("/dest/stolen") })).statusCode,
    ).toBe(403);
  });
});
