import { lstat, mkdir, readFile, readdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUsersStore, type UserRecord } from "../users/users.store.js";
import { errorOf } from "../../test/helpers.js";
import { trashWorld, type TrashWorld } from "../../test/trash-world.js";

let w: TrashWorld;
const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

afterEach(() => w.t.close());

describe("delete to the trash and restore", () => {
  beforeEach(async () => {
    w = await trashWorld();
  });

  it("a deleted file is listed with its fields and comes back with the same bytes", async () => {
    const before = Date.now();
    expect((await w.remove("/books/a.txt")).statusCode).toBe(204);
    expect(await exists(w.at("books", "a.txt"))).toBe(false);
    const [item, ...rest] = await w.list();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      path: "/books/a.txt",
      name: "a.txt",
      isDir: false,
      size: 5,
      deletedBy: "ada",
    });
    expect(Date.parse(item!.deletedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(item!.id).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const res = await w.restore(item!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ path: "/books/a.txt" });
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("alpha");
    expect(await w.list()).toEqual([]);
    // Nothing is left in the trash folder.
    expect(await readdir(path.join(w.t.dir, "trash", "2"))).toEqual([]);
  });

  it("a folder goes and comes back whole; the newest is listed first", async () => {
    await w.remove("/books/a.txt");
    await w.remove("/books/liber1");
    const items = await w.list();
    expect(items.map((i) => [i.path, i.isDir, i.size])).toEqual([
      ["/books/liber1", true, 11],
      ["/books/a.txt", false, 5],
    ]);
    expect((await w.restore(items[0]!.id)).json()).toEqual({ path: "/books/liber1" });
    expect(await readFile(w.at("books", "liber1", "cap1.tex"), "utf8")).toBe("\\Unit caput");
  });

  it('a taken name gives "a (restored).txt", then "x (restored 2)"', async () => {
    await w.remove("/books/a.txt");
    await writeFile(w.at("books", "a.txt"), "new");
    const [first] = await w.list();
    expect((await w.restore(first!.id)).json()).toEqual({ path: "/books/a (restored).txt" });
    await w.remove("/books/a (restored).txt");
    const [second] = await w.list();
    expect((await w.restore(second!.id)).json()).toEqual({ path: "/books/a (restored).txt" });
    await writeFile(w.at("books", "x"), "x");
    await w.remove("/books/x");
    await writeFile(w.at("books", "x"), "1");
    await writeFile(w.at("books", "x (restored)"), "2");
    const [third] = await w.list();
    expect((await w.restore(third!.id)).json()).toEqual({ path: "/books/x (restored 2)" });
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("new");
    expect(await readFile(w.at("books", "x (restored 2)"), "utf8")).toBe("x");
  });

  it("a folder restored onto a taken name never merges into it", async () => {
    await w.remove("/books/liber1");
    await mkdir(w.at("books", "liber1"));
    const [item] = await w.list();
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/liber1 (restored)" });
    expect(await readdir(w.at("books", "liber1"))).toEqual([]);
  });

  it("two restores of one item at once: one lands, the other finds nothing", async () => {
    await w.remove("/books/liber1");
    const [item] = await w.list();
    const answers = await Promise.all([w.restore(item!.id), w.restore(item!.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await readdir(w.at("books"))).toEqual(["a.txt", "liber1"]);
    expect(await w.list()).toEqual([]);
  });

  it("the parent folders are made again when they are gone", async () => {
    await w.remove("/books/liber1/cap1.tex");
    await rm(w.at("books"), { recursive: true });
    const [item] = await w.list();
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/liber1/cap1.tex" });
    expect(await readFile(w.at("books", "liber1", "cap1.tex"), "utf8")).toBe("\\Unit caput");
  });

  it("a link is trashed as a link, never its target", async () => {
    await symlink("a.txt", w.at("books", "link"));
    await w.remove("/books/link");
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("alpha");
    const [item] = await w.list();
    expect(item).toMatchObject({ name: "link", size: 0 });
    await w.restore(item!.id);
    expect((await lstat(w.at("books", "link"))).isSymbolicLink()).toBe(true);
  });

  it("delete for ever and empty", async () => {
    await w.remove("/books/a.txt");
    await w.remove("/books/liber1");
    const [newest, oldest] = await w.list();
    expect((await w.forget(oldest!.id)).statusCode).toBe(204);
    expect(await exists(w.stored(2, oldest!.id, "a.txt"))).toBe(false);
    expect((await w.list()).map((i) => i.id)).toEqual([newest!.id]);
    expect((await w.forget(oldest!.id)).statusCode).toBe(404);
    expect((await w.restore(oldest!.id)).statusCode).toBe(404);
    expect((await w.empty()).statusCode).toBe(204);
    expect(await w.list()).toEqual([]);
    expect(await exists(w.stored(2, newest!.id, "liber1"))).toBe(false);
  });

  it("another user's items are not theirs: not listed, not restored, not deleted", async () => {
    await w.t.createUser({
      username: "bob",
      password: "bob-password-12",
      fields: { scope: "/bob" },
    });
    const bob = await w.t.login("bob", "bob-password-12");
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    expect(await w.list(bob)).toEqual([]);
    expect((await w.restore(item!.id, bob)).statusCode).toBe(404);
    expect((await w.forget(item!.id, bob)).statusCode).toBe(404);
    await w.empty(bob);
    expect(await w.list()).toHaveLength(1);
    expect((await w.call("GET", "/api/trash?user=2", bob)).statusCode).toBe(403);
    // An admin reads it with ?user=.
    const admin = await w.t.login();
    expect((await w.list(admin, "?user=2")).map((i) => i.id)).toEqual([item!.id]);
    expect(await w.list(admin)).toEqual([]);
    expect((await w.call("GET", "/api/trash?user=999", admin)).statusCode).toBe(404);
  });

  it("a moved folder that replaces a file puts the replaced file in the trash", async () => {
    // (A file replacing a file makes it a version instead: features/versions.)
    await mkdir(w.at("b.txt"));
    await writeFile(w.at("b.txt", "inner"), "beta");
    const res = await w.t.app.inject({
      method: "PATCH",
      url: `/api/resources/b.txt?action=rename&destination=${encodeURIComponent("/books/a.txt")}&override=true`,
      headers: { "x-auth": w.token },
    });
    expect(res.statusCode).toBe(200);
    expect(await readFile(w.at("books", "a.txt", "inner"), "utf8")).toBe("beta");
    const [item] = await w.list();
    expect(item).toMatchObject({ path: "/books/a.txt", size: 5 });
    expect(await readFile(w.stored(2, item!.id, "a.txt"), "utf8")).toBe("alpha");
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/a (restored).txt" });
  });

  it("deleting the user drops their trash", async () => {
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    const admin = await w.t.login();
    const res = await w.t.app.inject({
      method: "DELETE",
      url: "/api/users/2",
      headers: { "x-auth": admin },
    });
    expect(res.statusCode).toBe(200);
    expect(await exists(w.stored(2, item!.id, "a.txt"))).toBe(false);
    expect(await exists(path.join(w.t.dir, "trash", "2"))).toBe(false);
  });
});

describe("permissions, rules and scope", () => {
  beforeEach(async () => {
    w = await trashWorld();
  });

  async function setUser(fields: Partial<UserRecord>) {
    const users = createUsersStore(w.t.db);
    const ada = (await users.findById(2))!;
    await users.update({ ...ada, ...fields });
  }

  it("restoring needs create; deleting for ever and emptying need delete", async () => {
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    const ada = (await createUsersStore(w.t.db).findById(2))!;
    await setUser({ perm: { ...ada.perm, create: false, delete: false } });
    expect((await w.restore(item!.id)).statusCode).toBe(403);
    expect((await w.forget(item!.id)).statusCode).toBe(403);
    expect((await w.empty()).statusCode).toBe(403);
    expect(await w.list()).toHaveLength(1);
  });

  it("a rule that now denies the original path hides the item", async () => {
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    await setUser({
      rules: [{ allow: false, path: "/books", regex: false, regexp: { raw: "" } }],
    });
    expect(await w.list()).toEqual([]);
    expect(errorOf(await w.restore(item!.id)).code).toBe("NOT_FOUND");
    expect((await w.forget(item!.id)).statusCode).toBe(404);
    expect(await exists(w.stored(2, item!.id, "a.txt"))).toBe(true);
  });

  it("a restore lands in the owner's current scope", async () => {
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    await setUser({ scope: "/ada2" });
    await mkdir(path.join(w.t.root, "ada2"));
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/a.txt" });
    expect(await readFile(path.join(w.t.root, "ada2", "books", "a.txt"), "utf8")).toBe("alpha");
    expect(await exists(w.at("books", "a.txt"))).toBe(false);
  });

  it("a link planted at the original parent is never followed out of the scope", async () => {
    await w.remove("/books/liber1/cap1.tex");
    const [item] = await w.list();
    const outside = path.join(w.t.root, "outside");
    await mkdir(outside);
    await rename(w.at("books", "liber1"), w.at("books", "old"));
    await symlink(outside, w.at("books", "liber1"));
    const res = await w.restore(item!.id);
    expect(res.statusCode).toBe(403);
    expect(await readdir(outside)).toEqual([]);
    // Still in the trash, restorable once the link is gone.
    expect((await w.list()).map((i) => i.id)).toEqual([item!.id]);
    await rm(w.at("books", "liber1"));
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/liber1/cap1.tex" });
  });
});

describe("days: 0", () => {
  it("deletion is immediate and nothing is kept", async () => {
    w = await trashWorld({ settings: (s) => (s.trash = { days: 0, maxBytesPerUser: 0 }) });
    expect((await w.remove("/books/a.txt")).statusCode).toBe(204);
    expect(await exists(w.at("books", "a.txt"))).toBe(false);
    expect(await w.list()).toEqual([]);
  });
});
