/**
 * Uploads whose POST declares no length (File Browser 2.31's web client, API.md Part A §17 and
 * §6.2): staged like the others, put in place when the end is known or evident.
 */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listen } from "../../test/http.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { createSettingsStore } from "../settings/settings.store.js";
import { SETTLE_MS } from "./upload-end.js";

/** The chunk size the page gives File Browser's web client, small for these tests. */
const CHUNK = 4;
const OCTETS = "application/offset+octet-stream";

let t: TestContext;
let token: string;
let scans: string;
beforeEach(async () => {
  t = await createTestApp({ settings: (s) => (s.tus.chunkSize = CHUNK) });
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scans = path.join(t.root, "ada", "scans");
  await mkdir(scans, { recursive: true });
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

/** The 2.31 client's POST: no Upload-Length. */
const create = (p: string, override = false, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/tus${p}?override=${override}`,
    headers: { "x-auth": token, ...extra },
  });
const head = (p: string) =>
  t.app.inject({
    method: "HEAD",
    url: `/api/tus${p}?override=false`,
    headers: { "x-auth": token },
  });
const chunk = (p: string, offset: number, body: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/tus${p}?override=false`,
    headers: {
      "x-auth": token,
      "upload-offset": String(offset),
      "content-type": OCTETS,
      "tus-resumable": "1.0.0",
      ...extra,
    },
    payload: body,
  });
const names = async () => (await readdir(scans)).sort();
const staged = async () => (await readdir(scans)).filter((n) => n.endsWith(".scriptorium-tmp"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("uploads without Upload-Length", () => {
  it("stages full chunks and puts the file in place with the short last one", async () => {
    expect((await create("/scans/folio.txt")).statusCode).toBe(201);
    const h = await head("/scans/folio.txt");
    expect(h.statusCode).toBe(200);
    expect(h.headers["upload-offset"]).toBe("0");
    expect(h.headers["upload-length"]).toBe("-1");
    expect(h.headers["upload-defer-length"]).toBe("1");
    expect((await chunk("/scans/folio.txt", 0, "abcd")).headers["upload-offset"]).toBe("4");
    expect((await chunk("/scans/folio.txt", 4, "efgh")).headers["upload-offset"]).toBe("8");
    expect(await names()).toHaveLength(1); // only the hidden staged file
    expect(await staged()).toHaveLength(1);
    const last = await chunk("/scans/folio.txt", 8, "ij");
    expect(last.statusCode).toBe(204);
    expect(last.headers["upload-offset"]).toBe("10");
    expect(await names()).toEqual(["folio.txt"]);
    expect(await readFile(path.join(scans, "folio.txt"), "utf8")).toBe("abcdefghij");
    // Finished: HEAD reports it complete, so a resuming client stops.
    const done = await head("/scans/folio.txt");
    expect([done.headers["upload-offset"], done.headers["upload-length"]]).toEqual(["10", "10"]);
  });

  it("puts a file smaller than a chunk in place with its only PATCH", async () => {
    await create("/scans/small.txt");
    expect((await chunk("/scans/small.txt", 0, "abc")).statusCode).toBe(204);
    expect(await readFile(path.join(scans, "small.txt"), "utf8")).toBe("abc");
    expect(await names()).toEqual(["small.txt"]);
  });

  it("makes a zero-byte file with the empty PATCH the client sends", async () => {
    expect((await create("/scans/empty.txt")).statusCode).toBe(201);
    expect(await names()).toHaveLength(1);
    expect(await staged()).toHaveLength(1);
    const res = await chunk("/scans/empty.txt", 0, "");
    expect(res.statusCode).toBe(204);
    expect(res.headers["upload-offset"]).toBe("0");
    expect(await names()).toEqual(["empty.txt"]);
    expect(await readFile(path.join(scans, "empty.txt"), "utf8")).toBe("");
  });

  it("takes the length from a later PATCH (Upload-Length, as deferred-length clients send)", async () => {
    await create("/scans/deferred.txt", false, { "upload-defer-length": "1" });
    await chunk("/scans/deferred.txt", 0, "abcd");
    // Below what arrived, or changed once said: 400, and nothing moves.
    expect((await chunk("/scans/deferred.txt", 4, "", { "upload-length": "3" })).statusCode).toBe(
      400,
    );
    const last = await chunk("/scans/deferred.txt", 4, "efgh", { "upload-length": "8" });
    expect(last.statusCode).toBe(204);
    expect(await readFile(path.join(scans, "deferred.txt"), "utf8")).toBe("abcdefgh");

    await create("/scans/other.txt", false, { "upload-defer-length": "1" });
    await chunk("/scans/other.txt", 0, "abcd", { "upload-length": "12" });
    expect(await staged()).toHaveLength(1);
    expect((await chunk("/scans/other.txt", 4, "efgh", { "upload-length": "9" })).statusCode).toBe(
      400,
    );
    expect((await chunk("/scans/other.txt", 4, "efghijklmnop")).statusCode).toBe(400);
    expect((await head("/scans/other.txt")).headers["upload-length"]).toBe("12");
    expect((await chunk("/scans/other.txt", 4, "efghijkl")).statusCode).toBe(204);
    expect(await readFile(path.join(scans, "other.txt"), "utf8")).toBe("abcdefghijkl");
    expect(await staged()).toEqual([]);
  });

  it("puts a file of whole chunks in place after a short silence", async () => {
    await create("/scans/even.txt");
    await chunk("/scans/even.txt", 0, "abcd");
    await chunk("/scans/even.txt", 4, "efgh");
    expect(await staged()).toHaveLength(1);
    await sleep(SETTLE_MS + 500);
    expect(await names()).toEqual(["even.txt"]);
    expect(await readFile(path.join(scans, "even.txt"), "utf8")).toBe("abcdefgh");
  });

  it("takes back a file placed on a guess when its uploader sends more", async () => {
    // A client with chunks smaller than the page's (a script): each looks like the last one.
    await setChunkSize(16);
    await create("/scans/script.txt");
    expect((await chunk("/scans/script.txt", 0, "abcd")).statusCode).toBe(204);
    expect(await names()).toEqual(["script.txt"]);
    expect((await chunk("/scans/script.txt", 4, "efgh")).headers["upload-offset"]).toBe("8");
    expect((await chunk("/scans/script.txt", 8, "ij")).headers["upload-offset"]).toBe("10");
    expect(await names()).toEqual(["script.txt"]);
    expect(await readFile(path.join(scans, "script.txt"), "utf8")).toBe("abcdefghij");
    // Someone else cannot reopen it; a repeated last chunk only gets the final offset.
    await t.createUser({
      username: "bob",
      password: "bob-password-123",
      fields: { scope: "/ada" },
    });
    const bob = await t.login("bob", "bob-password-123");
    const other = await t.app.inject({
      method: "PATCH",
      url: "/api/tus/scans/script.txt",
      headers: { "x-auth": bob, "upload-offset": "10", "content-type": OCTETS },
      payload: "zz",
    });
    expect(other.headers["upload-offset"]).toBe("10");
    expect((await chunk("/scans/script.txt", 10, "")).headers["upload-offset"]).toBe("10");
    expect(await readFile(path.join(scans, "script.txt"), "utf8")).toBe("abcdefghij");
  });

  it("keeps the old file until the end when replacing", async () => {
    await writeFile(path.join(scans, "old.txt"), "the old text");
    expect((await create("/scans/old.txt")).statusCode).toBe(409);
    expect((await create("/scans/old.txt", true)).statusCode).toBe(201);
    await chunk("/scans/old.txt", 0, "newn");
    expect(await readFile(path.join(scans, "old.txt"), "utf8")).toBe("the old text");
    await chunk("/scans/old.txt", 4, "ew");
    expect(await readFile(path.join(scans, "old.txt"), "utf8")).toBe("newnew");
  });

  it("never places an upload whose last chunk was cut off", async () => {
    await create("/scans/cut.txt");
    await chunk("/scans/cut.txt", 0, "abcd");
    const port = await listen(t.app);
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `PATCH /api/tus/scans/cut.txt HTTP/1.1\r\nHost: x\r\nX-Auth: ${token}\r\n` +
            `Content-Type: ${OCTETS}\r\nUpload-Offset: 4\r\nContent-Length: 4\r\n\r\nef`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await sleep(SETTLE_MS + 500);
    expect(await staged()).toHaveLength(1);
    expect(await names()).toHaveLength(1);
    expect((await head("/scans/cut.txt")).headers["upload-offset"]).toBe("6");
    // The client resumes from the server's offset and finishes.
    expect((await chunk("/scans/cut.txt", 6, "gh")).statusCode).toBe(204);
    expect(await readFile(path.join(scans, "cut.txt"), "utf8")).toBe("abcdefgh");
  });
});

/** Changes the chunk size in the settings (read at each PATCH). */
async function setChunkSize(chunkSize: number): Promise<void> {
  const store = createSettingsStore(t.db);
  const settings = await store.getSettings();
  settings.tus.chunkSize = chunkSize;
  await store.setSettings(settings);
}
