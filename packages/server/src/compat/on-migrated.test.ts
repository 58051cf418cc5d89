/**
 * File Browser's client against a migrated installation: each case's installation (settings,
 * admin, ada) is made on SQLite, moved to PostgreSQL by `scriptorium migrate`, and served from
 * there (fb-client.ts `compatOnMigratedDatabase`). A representative set of the compat files runs.
 * It is the same test on either project (it always moves SQLite into PostgreSQL), and a slow one
 * (a migration per case): it runs in the `server` project only (vitest.pg.config.ts leaves it
 * out), on a private cluster.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { main } from "../cli/main.js";
import { freshPostgres, startPostgres, stopPostgres } from "../test/migrate-fixtures.js";
import { compatOnMigratedDatabase } from "./fb-client.js";

beforeAll(startPostgres, 120_000);
afterAll(stopPostgres);

compatOnMigratedDatabase(async (file, dir) => {
  const url = await freshPostgres(dir);
  let said = "";
  const io = {
    out: (t: string) => void (said += `${t}\n`),
    err: (t: string) => void (said += `${t}\n`),
  };
  const code = await main(["migrate", "--from", file, "--to", url], {}, io);
  expect(said).toMatch(/Every row arrived/);
  expect(code).toBe(0);
  return url;
});

await import("./auth.test.js");
await import("./resources.test.js");
await import("./shares.test.js");
await import("./users-settings.test.js");
await import("./search.test.js");
await import("./tus.test.js");
