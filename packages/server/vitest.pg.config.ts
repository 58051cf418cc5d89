import { defineProject } from "vitest/config";
import { serverProject } from "./vitest.config.js";

/**
 * The server's suite on PostgreSQL: a private cluster (scripts/test-postgres.mjs) started for the
 * run; each test's database is a schema of its own (src/test/test-database.ts).
 */
export default defineProject({
  ...serverProject,
  test: {
    ...serverProject.test,
    name: "server-pg",
    // The same test on either engine (it moves SQLite into PostgreSQL): the `server` run has it.
    exclude: ["src/compat/on-migrated.test.ts"],
    globalSetup: ["src/test/global-setup.ts", "src/test/postgres-global-setup.ts"],
  },
});
