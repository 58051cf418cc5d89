import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-migrate-"));
  file = path.join(dir, "db.sqlite");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs `fn` on its own connection to the file, as another process would. */
function direct<T>(fn: (raw: DatabaseSync) => T): T {
  const raw = new DatabaseSync(file);
  try {
    return fn(raw);
  } finally {
    raw.close();
  }
}

/** The `name` column of a query's rows, read on a connection of its own. */
const names = (query: string) =>
  direct((raw) =>
    raw
      .prepare(query)
      .all()
      .map((row) => row.name),
  );
const recorded = () => names("select name from kysely_migration order by name");
const davLockColumns = () => names("select name from pragma_table_info('dav_locks')");

describe("migrations at start", () => {
  it("a new database gets every migration, and a second start keeps it as it is", async () => {
    await (await openDatabase(file)).destroy();
    const first = recorded();
    expect(first).toEqual([
      "001-initial",
      "002-uploads",
      "003-shares",
      "004-session-clients",
      "005-trash",
      "006-versions",
      "007-activity",
      "008-app-passwords",
      "009-webdav",
      "010-counters",
    ]);
    await (await openDatabase(file)).destroy();
    expect(recorded()).toEqual(first);
  });

  it("a database migrations behind gets them", async () => {
    await (await openDatabase(file)).destroy();
    direct((raw) => {
      raw.exec("drop table dav_locks");
      raw.exec("drop table dav_props");
      raw.exec("drop table attempts");
      raw.exec("drop table running");
      raw.exec("delete from kysely_migration where name in ('009-webdav', '010-counters')");
    });
    expect(davLockColumns()).toEqual([]);

    await (await openDatabase(file)).destroy();
    expect(recorded()).toContain("009-webdav");
    expect(davLockColumns()).toEqual(
      expect.arrayContaining([
        "token",
        "path",
        "depth",
        "exclusive",
        "owner_xml",
        "user_id",
        "expires_at",
      ]),
    );
  });

  it("a database with a migration this version does not know is refused", async () => {
    await (await openDatabase(file)).destroy();
    direct((raw) =>
      raw.exec(
        "insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01')",
      ),
    );
    await expect(openDatabase(file)).rejects.toThrow(/999-from-the-future/);
  });
});
