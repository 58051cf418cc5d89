import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { poolOf } from "../../db/postgres/open-postgres.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

/**
 * One upload, two instances behind a balancer on one PostgreSQL and one files folder (issue 33):
 * one request writes an upload at a time whichever instance it reaches, a cancel through one
 * stops a chunk being written through the other, and the lock of an instance that died is free
 * at once. PostgreSQL only (the `server-pg` run): SQLite serves one instance.
 */
let a: TestContext | undefined;
let b: TestContext | undefined;
afterEach(async () => {
  await b?.close();
  await a?.close();
  a = b = undefined;
});

const OCTETS = "application/offset+octet-stream";
const URL_OF = "/api/tus/scan.bin?override=false";

async function twoInstances(): Promise<{ first: TestContext; second: TestContext; auth: string }> {
  a = await createTestApp();
  b = await createTestApp({ alongside: a });
  return { first: a, second: b, auth: await a.login() };
}

const create = (t: TestContext, auth: string, length: number) =>
  t.app.inject({
    method: "POST",
    url: URL_OF,
    headers: { "x-auth": auth, "upload-length": String(length) },
  });
const patch = (t: TestContext, auth: string, offset: number, payload: string | PassThrough) =>
  t.app.inject({
    method: "PATCH",
    url: URL_OF,
    headers: {
      "x-auth": auth,
      "upload-offset": String(offset),
      "content-type": OCTETS,
      "tus-resumable": "1.0.0",
    },
    payload,
  });

/** A connection of the instances' database, on their schema. */
const connect = (t: TestContext): Promise<pg.PoolClient> => poolOf(t.db)!.connect();

/** The advisory lock's key of an upload's target (upload-writers.ts). */
const KEY = "hashtextextended(current_schema() || ' upload ' || $1, 0)";

/** Waits until some instance holds the upload's lock (its PATCH is writing). */
async function lockTaken(t: TestContext, target: string): Promise<void> {
  const client = await connect(t);
  try {
    for (let i = 0; i < 500; i++) {
      const { rows } = await client.query<{ ok: boolean }>(
        `select pg_try_advisory_lock(${KEY}) as ok`,
        [target],
      );
      if (rows[0]?.ok !== true) return;
      await client.query(`select pg_advisory_unlock(${KEY})`, [target]);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("no instance took the upload's lock");
  } finally {
    client.release();
  }
}

const targetOf = async (t: TestContext) =>
  (await t.db.selectFrom("uploads").select("target").executeTakeFirstOrThrow()).target;

describe("an upload across two instances", () => {
  it("while one instance writes a chunk, a PATCH through the other is refused (423); then it goes on", async () => {
    const { first, second, auth } = await twoInstances();
    expect((await create(first, auth, 10)).statusCode).toBe(201);
    const slow = new PassThrough();
    const writing = patch(first, auth, 0, slow);
    slow.write("01234");
    await lockTaken(first, await targetOf(first));
    const refused = await patch(second, auth, 0, "abcde");
    expect(refused.statusCode).toBe(423);
    expect(errorOf(refused).code).toBe("LOCKED");
    slow.end();
    const done = await writing;
    expect(done.statusCode).toBe(204);
    expect(done.headers["upload-offset"]).toBe("5");
    const rest = await patch(second, auth, 5, "56789");
    expect(rest.statusCode).toBe(204);
    expect(await readFile(path.join(first.root, "scan.bin"), "utf8")).toBe("0123456789");
  });

  it("a cancel through one instance stops the chunk the other is writing; nothing is left", async () => {
    const { first, second, auth } = await twoInstances();
    expect((await create(first, auth, 10)).statusCode).toBe(201);
    const slow = new PassThrough();
    const writing = patch(first, auth, 0, slow);
    slow.write("012");
    await lockTaken(first, await targetOf(first));
    const cancelled = await second.app.inject({
      method: "DELETE",
      url: URL_OF,
      headers: { "x-auth": auth, "tus-resumable": "1.0.0" },
    });
    expect(cancelled.statusCode).toBe(204);
    slow.end("3456789");
    const late = await writing;
    expect(late.statusCode).toBe(404);
    expect(errorOf(late).message).toMatch(/cancelled/);
    expect(await first.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
    expect(await readdir(first.root)).not.toContain("scan.bin");
    expect((await readdir(first.root)).filter((n) => n.includes("scan"))).toEqual([]);
  });

  it("the lock of an instance that died is free at once: another takes the upload over", async () => {
    const { first, second, auth } = await twoInstances();
    expect((await create(first, auth, 4)).statusCode).toBe(201);
    const target = await targetOf(first);
    // An instance in the middle of a chunk: its connection holds the upload's lock.
    const dying = await connect(first);
    await dying.query(`select pg_advisory_lock(${KEY})`, [target]);
    expect((await patch(second, auth, 0, "ab")).statusCode).toBe(423);
    // It dies: its connection closes, and PostgreSQL frees the lock with it.
    dying.release(true);
    let taken = await patch(second, auth, 0, "abcd");
    for (let i = 0; i < 50 && taken.statusCode === 423; i++) {
      await new Promise((r) => setTimeout(r, 20));
      taken = await patch(second, auth, 0, "abcd");
    }
    expect(taken.statusCode).toBe(204);
    expect(await readFile(path.join(first.root, "scan.bin"), "utf8")).toBe("abcd");
  });
});
