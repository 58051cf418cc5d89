import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresBin, startCluster, stopCluster } from "../../../../scripts/test-postgres.mjs";

/**
 * A PostgreSQL database for the tests of several instances, which need PostgreSQL whatever the
 * engine of the run: a schema of its own on the server named by SCRIPTORIUM_TEST_POSTGRES, else a
 * private cluster started in a temporary folder (scripts/test-postgres.mjs). No PostgreSQL
 * installed is a failure with its reason, not a skip: .ci/run installs it.
 */
export async function clusterDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const given = process.env.SCRIPTORIUM_TEST_POSTGRES || undefined;
  let dir: string | undefined;
  let server = given;
  if (!server) {
    if (!postgresBin()) {
      throw new Error(
        "these tests need PostgreSQL: install Debian's postgresql (/usr/lib/postgresql/*/bin)",
      );
    }
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-cluster-pg-"));
    server = await startCluster(dir);
  }
  const schema = `cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin("create extension if not exists unaccent schema public").catch(() => undefined);
  await admin("create extension if not exists pg_trgm schema public").catch(() => undefined);
  await admin(`create schema ${schema}`);
  const url = new URL(server);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    async close() {
      if (dir) {
        stopCluster(dir);
        await rm(dir, { recursive: true, force: true });
      } else {
        await admin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      }
    },
  };
}
