import { lstat, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createSettingsStore } from "../settings/settings.store.js";
import { trashWorld, type TrashWorld } from "../../test/trash-world.js";

let w: TrashWorld;
afterEach(() => w.t.close());

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );
const DAY = 86_400_000;

async function setTrash(days: number, maxBytesPerUser: number) {
  const store = createSettingsStore(w.t.db);
  await store.setSettings({ ...(await store.getSettings()), trash: { days, maxBytesPerUser } });
}

/** A different filesystem for the trash: every rename(2) there fails with EXDEV. */
const crossDevice = () =>
  Promise.reject(Object.assign(new Error("cross-device link"), { code: "EXDEV" }));

describe("retention", () => {
  it("the sweep at start drops items older than the days kept", async () => {
    w = await trashWorld();
    await w.remove("/books/a.txt");
    await w.remove("/books/liber1");
    const [young, old] = await w.list();
    await sql`update trash set deleted_at = ${Date.now() - 3 * DAY} where id = ${old!.id}`.execute(
      w.t.db,
    );
    await setTrash(2, 0);
    await w.restart();
    expect((await w.list()).map((i) => i.id)).toEqual([young!.id]);
    expect(await exists(w.stored(2, old!.id, "a.txt"))).toBe(false);
  });

  it("over the size limit, the oldest go first", async () => {
    w = await trashWorld({ settings: (s) => (s.trash = { days: 30, maxBytesPerUser: 12 }) });
    await w.remove("/books/a.txt"); // 5 bytes
    await w.remove("/books/liber1"); // 11 bytes: 16 in all, over 12
    expect((await w.list()).map((i) => i.name)).toEqual(["liber1"]);
    await writeFile(w.at("c.txt"), "c");
    await w.remove("/c.txt");
    expect((await w.list()).map((i) => i.name)).toEqual(["c.txt", "liber1"]);
  });

  it("a lower limit set later is applied by the sweep", async () => {
    w = await trashWorld();
    await w.remove("/books/a.txt");
    await w.remove("/books/liber1");
    await setTrash(30, 11);
    await w.restart();
    expect((await w.list()).map((i) => i.name)).toEqual(["liber1"]);
  });

  it("older settings without `trash` read the defaults; PUT without it keeps them", async () => {
    w = await trashWorld();
    // The stored settings as an older version wrote them: no `trash` (on either engine).
    const row = await w.t.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "settings")
      .executeTakeFirstOrThrow();
    const older = JSON.parse(row.value) as Record<string, unknown>;
    delete older.trash;
    await w.t.db
      .updateTable("settings")
      .set({ value: JSON.stringify(older) })
      .where("key", "=", "settings")
      .execute();
    const admin = await w.t.login();
    const get = await w.t.app.inject({
      method: "GET",
      url: "/api/settings",
      headers: { "x-auth": admin },
    });
    expect(get.json<{ trash: unknown }>().trash).toEqual({ days: 30, maxBytesPerUser: 0 });
    const body: Record<string, unknown> = {
      ...get.json<Record<string, unknown>>(),
      trash: { days: 7, maxBytesPerUser: 5 },
    };
    delete body.programs;
    const put = (payload: Record<string, unknown>) =>
      w.t.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { "x-auth": admin },
        payload,
      });
    expect((await put(body)).statusCode).toBe(200);
    delete body.trash;
    expect((await put(body)).statusCode).toBe(200);
    expect((await createSettingsStore(w.t.db).getSettings()).trash).toEqual({
      days: 7,
      maxBytesPerUser: 5,
    });
  });
});

describe("another filesystem", () => {
  it("a delete copies, then removes; a restore copies back", async () => {
    w = await trashWorld({ app: { trashRename: crossDevice } });
    await mkdir(w.at("books", "liber1", "sub"));
    await writeFile(w.at("books", "liber1", "sub", "deep.txt"), "deep");
    expect((await w.remove("/books/liber1")).statusCode).toBe(204);
    expect(await exists(w.at("books", "liber1"))).toBe(false);
    const [item] = await w.list();
    expect(item).toMatchObject({ isDir: true, size: 15 });
    expect(
      await readFile(w.stored(2, item!.id, path.join("liber1", "sub", "deep.txt")), "utf8"),
    ).toBe("deep");
    expect((await w.restore(item!.id)).json()).toEqual({ path: "/books/liber1" });
    expect(await readFile(w.at("books", "liber1", "sub", "deep.txt"), "utf8")).toBe("deep");
    expect(await readFile(w.at("books", "liber1", "cap1.tex"), "utf8")).toBe("\\Unit caput");
    expect(await readdir(w.at("books"))).toEqual(["a.txt", "liber1"]);
  });
});

describe("reconciliation at start", () => {
  it("rows without content and content without rows are cleared; complete moves are kept", async () => {
    w = await trashWorld();
    await w.remove("/books/a.txt");
    await w.remove("/books/liber1");
    const [folder, file] = await w.list();
    // A pending move whose content arrived: kept. A restore cut short: kept again.
    await sql`update trash set state = 'pending', size = 0 where id = ${file!.id}`.execute(w.t.db);
    await sql`update trash set state = 'restoring' where id = ${folder!.id}`.execute(w.t.db);
    // A row whose content is gone, and content whose row is gone.
    await sql`insert into trash values ('gone', 2, '/x', 'x', 0, 1, 1, 'ada', '2/gone', 'pending')`.execute(
      w.t.db,
    );
    await mkdir(path.join(w.t.dir, "trash", "2", "orphan"));
    await writeFile(path.join(w.t.dir, "trash", "2", "orphan", "o.txt"), "o");
    await w.restart();
    const items = await w.list();
    expect(items.map((i) => [i.id, i.size])).toEqual([
      [folder!.id, 11],
      [file!.id, 5],
    ]);
    expect(await exists(path.join(w.t.dir, "trash", "2", "orphan"))).toBe(false);
    expect((await sql`select id from trash`.execute(w.t.db)).rows).toHaveLength(2);
  });
});
