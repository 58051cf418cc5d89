import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startCluster, stopCluster } from "../../../../scripts/test-postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Starts the private PostgreSQL cluster of the `server-pg` project (or uses the server named by
 * SCRIPTORIUM_TEST_POSTGRES_SERVER), with the extensions search needs, and stops it at the end.
 */
export default async function setup(project: TestProject) {
  const given = process.env.SCRIPTORIUM_TEST_POSTGRES_SERVER;
  const dir = given ? undefined : await mkdtemp(path.join(tmpdir(), "scriptorium-pg-"));
  const url = given ?? (await startCluster(dir!));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("create extension if not exists unaccent schema public");
  await client.query("create extension if not exists pg_trgm schema public");
  await client.end();
  project.provide("postgresUrl", url);
  return async () => {
    if (!dir) return;
    stopCluster(dir);
    await rm(dir, { recursive: true, force: true });
  };
}
