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
const appPasswordColumns = () => names("select name from pragma_table_info('app_passwords')");

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
    ]);
    await (await openDatabase(file)).destroy();
    expect(recorded()).toEqual(first);
  });

  it("a database one migration behind gets it", async () => {
    await (await openDatabase(file)).destroy();
    direct((raw) => {
      raw.exec("drop table app_passwords");
      raw.exec("delete from kysely_migration where name = '008-app-passwords'");
    });
    expect(appPasswordColumns()).toEqual([]);

    await (await openDatabase(file)).destroy();
    expect(recorded()).toContain("008-app-passwords");
    expect(appPasswordColumns()).toEqual(
      expect.arrayContaining(["id", "user_id", "name", "read_only", "secret_hash", "last_used_at"]),
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
