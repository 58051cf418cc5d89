import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/**
 * The server's suite, once on SQLite (`server`) and once on PostgreSQL (`server-pg`, see
 * vitest.pg.config.ts), from the same files.
 */
export const serverProject = {
  resolve: {
    alias: {
      "@scriptorium/shared": fileURLToPath(new URL("../shared/src/index.ts", import.meta.url)),
    },
  },
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    // PostgreSQL's own text and name indexes, and uploads across instances (SQLite serves
    // one): the `server-pg` run has them.
    exclude: [
      "src/features/search/pg-text-index.test.ts",
      "src/features/search/pg-name-index.test.ts",
      "src/features/tus/tus-instances.test.ts",
    ],
    environment: "node",
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/test/engine-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
};

export default defineProject(serverProject);
