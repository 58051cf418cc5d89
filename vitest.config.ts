import { existsSync, readdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * The server's suite runs on PostgreSQL too (project `server-pg`) when PostgreSQL is installed
 * (.ci/run installs it) or SCRIPTORIUM_TEST_POSTGRES_SERVER names a server to use.
 */
const postgres =
  Boolean(process.env.SCRIPTORIUM_TEST_POSTGRES_SERVER) ||
  (existsSync("/usr/lib/postgresql") &&
    readdirSync("/usr/lib/postgresql").some((v) =>
      existsSync(`/usr/lib/postgresql/${v}/bin/initdb`),
    ));

export default defineConfig({
  test: {
    projects: [
      "packages/shared",
      "packages/server",
      ...(postgres ? ["packages/server/vitest.pg.config.ts"] : []),
      "packages/web",
    ],
    reporters: ["default", ["json", { outputFile: "test-results/unit.json" }]],
  },
});
