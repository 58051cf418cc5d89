import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  MiB,
  serverIn,
  stagingIn,
  visibleTree,
  waitFor,
  type ServerHandle,
} from "./server-process.js";

let dir: string | undefined;
let server: ServerHandle | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const TUS = { "Tus-Resumable": "1.0.0" };
const CHUNK = { ...TUS, "Content-Type": "application/offset+octet-stream" };
const sha1 = (data: Buffer) => createHash("sha1").update(data).digest("hex");

/**
 * A PATCH whose body is sent only up to `sent` bytes of the `declared` ones, then held open:
 * the server is in the middle of writing the chunk. Resolves when the connection ends.
 */
function heldPatch(url: URL, headers: Record<string, string>, body: Buffer, declared: number) {
  let done!: (outcome: string) => void;
  const ended = new Promise<string>((r) => (done = r));
  const req = request(url, {
    method: "PATCH",
    headers: { ...headers, "Content-Length": String(declared) },
  });
  req.on("response", (res) => done(`answered ${res.statusCode}`));
  req.on("error", () => done("aborted"));
  req.write(body);
  return ended;
}

describe("kill -9 during a resumable upload", () => {
  it("keeps the received bytes hidden; the upload resumes from HEAD's offset, byte for byte", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-tus-"));
    const files = path.join(dir, "files");
    const data = randomBytes(48 * MiB);
    server = serverIn(dir);
    const run = await server.start();
    const url = "/api/tus/edition/volume%201.pdf";

    const created = await server.request(url, {
      method: "POST",
      headers: { ...TUS, "Upload-Length": String(data.length) },
    });
    expect(created.status).toBe(201);
    const first = await server.request(url, {
      method: "PATCH",
      headers: { ...CHUNK, "Upload-Offset": "0" },
      body: data.subarray(0, 16 * MiB),
    });
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(16 * MiB));
    const before = await visibleTree(files);
    expect(before.tree).toEqual({ edition: "dir" });

    // The second chunk: 8 of its 32 MiB sent, the rest never comes; kill once most is written.
    const edition = path.join(files, "edition");
    const second = heldPatch(
      new URL(url, run.base),
      { ...CHUNK, "Upload-Offset": String(16 * MiB), "X-Auth": await server.token() },
      data.subarray(16 * MiB, 24 * MiB),
      32 * MiB,
    );
    const stagedSize = async () => {
      const [name] = await stagingIn(edition);
      return name ? (await stat(path.join(edition, name))).size : 0;
    };
    await waitFor(async () => (await stagedSize()) > 20 * MiB);
    await run.kill();
    expect(await second).toBe("aborted");

    const afterKill = await visibleTree(files);
    expect(afterKill.tree).toEqual(before.tree);
    expect(afterKill.staging).toHaveLength(1);
    const kept = await stagedSize();

    await server.start();
    expect(await server.listed("/edition")).toEqual([]);
    const head = await server.request(url, { method: "HEAD", headers: TUS });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(kept);
    expect(offset).toBeGreaterThan(20 * MiB);
    expect(offset).toBeLessThanOrEqual(24 * MiB);
    expect(head.headers.get("upload-length")).toBe(String(data.length));

    const rest = await server.request(url, {
      method: "PATCH",
      headers: { ...CHUNK, "Upload-Offset": String(offset) },
      body: data.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(data.length));

    const done = await visibleTree(files);
    expect(done).toEqual({
      tree: { edition: "dir", "edition/volume 1.pdf": sha1(data) },
      staging: [],
    });
    expect(await server.listed("/edition")).toEqual(["volume 1.pdf"]);
  }, 60_000);
});
