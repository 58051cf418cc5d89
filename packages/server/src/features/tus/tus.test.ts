import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { openDatabase } from "../../db/database.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { createUsersStore } from "../users/users.store.js";
import { createUploadsStore } from "./uploads.store.js";
import { testDatabase } from "../../test/test-database.js";

let t: TestContext;
let token: string;
let scope: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "scans"), { recursive: true });
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const OCTETS = "application/offset+octet-stream";
const create = (
  p: string,
  length: number | string | undefined,
  query = "override=false",
  auth = token,
) =>
  t.app.inject({
    method: "POST",
    url: `/api/tus${p}?${query}`,
    headers: {
      "x-auth": auth,
      ...(length === undefined ? {} : { "upload-length": String(length) }),
    },
  });
const head = (p: string) =>
  t.app.inject({ method: "HEAD", url: `/api/tus${p}`, headers: { "x-auth": token } });
const chunk = (p: string, offset: number | string, body: string | Buffer, type = OCTETS) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/tus${p}?override=false`,
    headers: {
      "x-auth": token,
      "upload-offset": String(offset),
      "content-type": type,
      "tus-resumable": "1.0.0",
    },
    payload: body,
  });
const visible = async () =>
  (await readdir(path.join(scope, "scans"))).filter((n) => !n.endsWith(".scriptorium-tmp"));

describe("resumable uploads", () => {
  it("uploads in chunks and shows the file only when the last byte arrives", async () => {
    expect((await create("/scans/folio.tif", 10)).statusCode).toBe(201);
    let h = await head("/scans/folio.tif");
    expect(h.headers["upload-offset"]).toBe("0");
    expect(h.headers["upload-length"]).toBe("10");
    expect(h.headers["cache-control"]).toBe("no-store");
    const first = await chunk("/scans/folio.tif", 0, "01234");
    expect(first.statusCode).toBe(204);
    expect(first.headers["upload-offset"]).toBe("5");
    expect(await visible()).toEqual([]);
    const mismatch = await chunk("/scans/folio.tif", 3, "xxxxx");
    expect(mismatch.statusCode).toBe(409);
    const last = await chunk("/scans/folio.tif", 5, "56789");
    expect(last.headers["upload-offset"]).toBe("10");
    expect(await readFile(path.join(scope, "scans", "folio.tif"), "utf8")).toBe("0123456789");
    expect(await readdir(path.join(scope, "scans"))).toEqual(["folio.tif"]);
    h = await head("/scans/folio.tif");
    expect(h.headers["upload-offset"]).toBe("10");
    // A retried last chunk is answered with the final offset.
    expect((await chunk("/scans/folio.tif", 10, "")).headers["upload-offset"]).toBe("10");
  });

  it("creates an empty file at once and missing parent folders", async () => {
    expect((await create("/scans/new/deep/empty.txt", 0)).statusCode).toBe(201);
    expect(await readFile(path.join(scope, "scans", "new", "deep", "empty.txt"), "utf8")).toBe("");
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    await create("/scans/a.bin", 4);
    const cases: [() => Promise<{ statusCode: number }>, number][] = [
      [() => create("/scans/b.bin", -1), 400],
      [() => create("/scans/b.bin", "lots"), 400],
      [() => create("/scans/", 3), 400],
      [() => chunk("/scans/a.bin", -1, "ab"), 400],
      [() => chunk("/scans/a.bin", "x", "ab"), 400],
      [() => chunk("/scans/a.bin", 0, "ab", "application/octet-stream"), 415],
      [() => chunk("/scans/a.bin", 0, "too long"), 400],
      [() => chunk("/scans/none.bin", 0, "ab"), 404],
      [() => chunk("/scans", 0, "ab"), 404],
    ];
    for (const [send, status] of cases) {
      expect((await send()).statusCode).toBe(status);
    }
    expect((await head("/scans/a.bin")).headers["upload-offset"]).toBe("0");
    expect(await visible()).toEqual([]);
  });

  it("asks before replacing: 409 without override, modify needed with it", async () => {
    await writeFile(path.join(scope, "scans", "old.txt"), "old");
    expect((await create("/scans/old.txt", 3)).statusCode).toBe(409);
    expect((await create("/scans/old.txt", 3, "override=true")).statusCode).toBe(201);
    expect(await readFile(path.join(scope, "scans", "old.txt"), "utf8")).toBe("old");
    await chunk("/scans/old.txt", 0, "new");
    expect(await readFile(path.join(scope, "scans", "old.txt"), "utf8")).toBe("new");
    const none = {
      admin: false,
      execute: false,
      create: true,
      rename: false,
      modify: false,
      delete: false,
      share: false,
      download: false,
      unzip: false,
    };
    await t.createUser({
      username: "up",
      password: "up-password-123",
      fields: { scope: "/ada", perm: none },
    });
    const up = await t.login("up", "up-password-123");
    expect((await create("/scans/old.txt", 3, "override=true", up)).statusCode).toBe(403);
    expect((await create("/scans/fresh.txt", 3, "override=false", up)).statusCode).toBe(201);
    await t.createUser({
      username: "ro",
      password: "ro-password-123",
      fields: { scope: "/ada", perm: { ...none, create: false } },
    });
    expect(
      (await create("/scans/x.txt", 3, "override=false", await t.login("ro", "ro-password-123")))
        .statusCode,
    ).toBe(403);
  });

  it("lets only one writer at a time (423)", async () => {
    await create("/scans/big.bin", 8);
    const { PassThrough } = await import("node:stream");
    const slow = new PassThrough();
    const pending = t.app.inject({
      method: "PATCH",
      url: "/api/tus/scans/big.bin",
      headers: { "x-auth": token, "upload-offset": "0", "content-type": OCTETS },
      payload: slow,
    });
    slow.write("abcd");
    await new Promise((r) => setTimeout(r, 50));
    const second = await chunk("/scans/big.bin", 0, "zzzz");
    expect(second.statusCode).toBe(423);
    slow.end("efgh");
    expect((await pending).headers["upload-offset"]).toBe("8");
    expect(await readFile(path.join(scope, "scans", "big.bin"), "utf8")).toBe("abcdefgh");
  });

  it("cancels with DELETE, leaving nothing behind", async () => {
    await create("/scans/gone.bin", 10);
    await chunk("/scans/gone.bin", 0, "abc");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/tus/scans/gone.bin",
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(204);
    expect(await readdir(path.join(scope, "scans"))).toEqual([]);
    expect((await head("/scans/gone.bin")).statusCode).toBe(404);
  });

  it("cancels an upload while a chunk is being written, leaving nothing behind", async () => {
    // tus-js-client's abort(true) cuts its PATCH and sends DELETE at once (API.md §6.2 step 5).
    await create("/scans/cut-short.bin", 8);
    const { PassThrough } = await import("node:stream");
    const slow = new PassThrough();
    const pending = t.app.inject({
      method: "PATCH",
      url: "/api/tus/scans/cut-short.bin",
      headers: { "x-auth": token, "upload-offset": "0", "content-type": OCTETS },
      payload: slow,
    });
    slow.write("abcd");
    await new Promise((r) => setTimeout(r, 50));
    const cancel = await t.app.inject({
      method: "DELETE",
      url: "/api/tus/scans/cut-short.bin",
      headers: { "x-auth": token },
    });
    expect(cancel.statusCode).toBe(204);
    slow.end("efgh");
    expect((await pending).statusCode).toBe(404);
    expect(await readdir(path.join(scope, "scans"))).toEqual([]);
    expect((await head("/scans/cut-short.bin")).statusCode).toBe(404);
  });

  it("keeps what arrived when the connection drops, and resumes from there", async () => {
    await create("/scans/cut.bin", 20000);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as { port: number }).port;
    const { connect } = await import("node:net");
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `PATCH /api/tus/scans/cut.bin HTTP/1.1\r\nHost: x\r\nX-Auth: ${token}\r\n` +
            `Content-Type: ${OCTETS}\r\nUpload-Offset: 0\r\nContent-Length: 20000\r\n\r\n` +
            "a".repeat(8000),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    const offset = Number((await head("/scans/cut.bin")).headers["upload-offset"]);
    expect(offset).toBe(8000);
    expect(await visible()).toEqual([]);
    expect(
      (await chunk("/scans/cut.bin", offset, "b".repeat(20000 - offset))).headers["upload-offset"],
    ).toBe("20000");
    const content = await readFile(path.join(scope, "scans", "cut.bin"), "utf8");
    expect(content).toBe("a".repeat(8000) + "b".repeat(12000));
  });

  it("resumes after a server restart", async () => {
    await create("/scans/long.bin", 6);
    await chunk("/scans/long.bin", 0, "abc");
    await t.app.close();
    const db = await openDatabase(await testDatabase(t.dir));
    t.app = await buildApp({ db, root: t.root, webDist: path.join(t.dir, "no-web") });
    token = await t.login("ada", "ada-password-12");
    expect((await head("/scans/long.bin")).headers["upload-offset"]).toBe("3");
    expect((await chunk("/scans/long.bin", 3, "def")).statusCode).toBe(204);
    expect(await readFile(path.join(scope, "scans", "long.bin"), "utf8")).toBe("abcdef");
  });

  it("never writes outside the scope", async () => {
    for (const p of ["/../outside.bin", "/%2e%2e/outside.bin", "/scans/..%2f..%2foutside.bin"]) {
      const res = await create(p, 3);
      expect([201, 400, 403, 404]).toContain(res.statusCode);
    }
    expect(await readdir(t.root)).toEqual(["ada"]);
    const err = await create("/a%00b", 3);
    expect(err.statusCode).toBe(400);
    expect(errorOf(err).message.length).toBeGreaterThan(0);
  });
});

describe("a stop between placing the file and forgetting the upload", () => {
  it("answers HEAD with the whole length, so the client sees the upload complete", async () => {
    expect((await create("/scans/done.tif", 5)).statusCode).toBe(201);
    expect((await chunk("/scans/done.tif", 0, "12345")).statusCode).toBe(204);
    // As a kill -9 right after the rename would leave it: the record back, no staged file.
    const abs = path.join(scope, "scans", "done.tif");
    const ada = (await createUsersStore(t.db).findByUsername("ada"))!;
    await createUploadsStore(t.db).put({
      target: abs,
      temp: path.join(scope, "scans", ".done.tif.gone.scriptorium-tmp"),
      userId: ada.id,
      length: 5,
      touchedAt: Date.now(),
    });
    const res = await head("/scans/done.tif");
    expect(res.statusCode).toBe(200);
    expect(res.headers["upload-offset"]).toBe("5");
    expect(res.headers["upload-length"]).toBe("5");
    expect(await readFile(abs, "utf8")).toBe("12345");
  });
});
