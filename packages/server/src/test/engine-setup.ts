import { afterAll, inject } from "vitest";

// The engine of this file's run: the `server-pg` project provides its cluster's URL. Set in
// process.env before any test module is loaded (test-database.ts reads it), and for the
// commands a test starts; cleared in a `server` run, as a worker may have run a pg file before.
const url = inject("postgresUrl");
if (url) process.env.SCRIPTORIUM_TEST_POSTGRES = url;
else delete process.env.SCRIPTORIUM_TEST_POSTGRES;

const { dropTestDatabases } = await import("./test-database.js");
afterAll(async () => {
  await dropTestDatabases();
});
