import { createHash, randomBytes } from "node:crypto";
import { link, mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Version } from "@scriptorium/shared";
import { openDatabase } from "../db/database.js";
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

const sha1 = (data: Buffer | string) => createHash("sha1").update(data).digest("hex");
const TUS = { "Tus-Resumable": "1.0.0" };
const CHUNK = { ...TUS, "Content-Type": "application/offset+octet-stream" };

async function setUp(name: string, content: Buffer | string) {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-crash-versions-"));
  const files = path.join(dir, "files");
  await mkdir(path.join(files, "edition"), { recursive: true });
  await writeFile(path.join(files, "edition", name), content);
  // Other files (sparse): the versions' share of the space (default 50%) is not what is tested.
  await writeFile(path.join(files, "other.bin"), "");
  await truncate(path.join(files, "other.bin"), 64 * MiB);
  server = serverIn(dir);
  return { files, spool: path.join(dir, "versions", "spool"), db: path.join(dir, "db.sqlite") };
}

/** The hashes of every listed version's bytes (each must be sent whole). */
async function versionHashes(url: string): Promise<string[]> {
  const res = await server!.request(`/api/history${url}`);
  expect(res.status).toBe(200);
  const out: string[] = [];
  for (const v of (await res.json()) as Version[]) {
    const got = await server!.request(`/api/history${url}?version=${v.id}`);
    expect(got.status).toBe(200);
    const body = Buffer.from(await got.arrayBuffer());
    expect(body.length).toBe(v.size);
    out.push(sha1(body));
  }
  return out;
}

/** No pending row is left, and the spool folder is empty. */
async function nothingPending(db: string, spool: string) {
  await server!.stop();
  const h = await openDatabase(db);
  try {
    const pending = await h
      .selectFrom("versions")
      .select("id")
      .where("state", "=", "pending")
      .execute();
    expect(pending).toEqual([]);
  } finally {
    await h.destroy();
  }
  expect(await readdir(spool).catch(() => [])).toEqual([]);
}

/** A text of about `size` bytes, different for each `seed`. */
const text = (seed: number, size: number) =>
  `\\Unit ${seed}\n` +
  randomBytes(size / 2)
    .toString("hex")
    .replace(/(.{80})/g, "$1\n");

describe("kill -9 during saves", () => {
  it("the file is never missing; every version left has its content; nothing stays pending", async () => {
    const contents = Array.from({ length: 8 }, (_, i) => text(i, 4 * MiB));
    const { files, spool, db } = await setUp("cap.tex", contents[0]!);
    const run = await server!.start();
    let saved = 0;
    const saving = (async () => {
      for (const body of contents.slice(1)) {
        const res = await server!.request("/api/resources/edition/cap.tex", {
          method: "PUT",
          body,
        });
        if (res.status !== 200) return;
        saved++;
      }
    })().catch(() => "aborted");
    // Kill once a save is done, while a replaced content waits in the spool (linked, not yet
    // stored: a later save's, or that save's own).
    await waitFor(
      async () => saved > 0 && (await readdir(spool).catch(() => [])).length > 0,
      30_000,
    );
    await run.kill();
    await saving;
    const known = new Set(contents.map((c) => sha1(c)));
    const after = await visibleTree(files);
    expect(known.has(after.tree["edition/cap.tex"] ?? "")).toBe(true);
    await server!.start();
    for (const hash of await versionHashes("/edition/cap.tex")) expect(known.has(hash)).toBe(true);
    expect((await versionHashes("/edition/cap.tex")).length).toBeGreaterThan(0);
    await nothingPending(db, spool);
  }, 90_000);
});

/** A PATCH sent only up to `body`'s bytes of `declared`, then held open. */
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

describe("kill -9 during a replacing upload's last chunk", () => {
  it("the old file stays whole; resumed, the upload replaces it and it becomes a version", async () => {
    const old = randomBytes(2 * MiB);
    const { files, spool, db } = await setUp("volume.pdf", old);
    const data = randomBytes(24 * MiB);
    const run = await server!.start();
    const url = "/api/tus/edition/volume.pdf?override=true";
    const created = await server!.request(url, {
      method: "POST",
      headers: { ...TUS, "Upload-Length": String(data.length) },
    });
    expect(created.status).toBe(201);
    const first = await server!.request(url, {
      method: "PATCH",
      headers: { ...CHUNK, "Upload-Offset": "0" },
      body: data.subarray(0, 8 * MiB),
    });
    expect(first.status).toBe(204);
    const edition = path.join(files, "edition");
    const last = heldPatch(
      new URL(url, run.base),
      { ...CHUNK, "Upload-Offset": String(8 * MiB), "X-Auth": await server!.token() },
      data.subarray(8 * MiB, 20 * MiB),
      16 * MiB,
    );
    const stagedSize = async () => {
      const [name] = await stagingIn(edition);
      return name ? (await stat(path.join(edition, name))).size : 0;
    };
    await waitFor(async () => (await stagedSize()) > 16 * MiB);
    await run.kill();
    expect(await last).toBe("aborted");
    expect((await visibleTree(files)).tree["edition/volume.pdf"]).toBe(sha1(old));

    await server!.start();
    expect(await versionHashes("/edition/volume.pdf")).toEqual([]);
    const head = await server!.request(url, { method: "HEAD", headers: TUS });
    const offset = Number(head.headers.get("upload-offset"));
    const rest = await server!.request(url, {
      method: "PATCH",
      headers: { ...CHUNK, "Upload-Offset": String(offset) },
      body: data.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect((await visibleTree(files)).tree["edition/volume.pdf"]).toBe(sha1(data));
    expect(await versionHashes("/edition/volume.pdf")).toEqual([sha1(old)]);
    await nothingPending(db, spool);
  }, 90_000);
});

describe("what a crash leaves between the spool link and the stored blob", () => {
  it("a spooled content with its row is stored; a row without content and content without a row go", async () => {
    const { files, spool, db } = await setUp("cap.tex", "now");
    await server!.start();
    await server!.stop();
    // As a kill would leave them: three spool states.
    await mkdir(spool, { recursive: true });
    const kept = path.join(dir!, "kept-old.tex");
    await writeFile(kept, "the replaced content");
    await link(kept, path.join(spool, "AAAAAAAAAAAAAAAAAAAAAA"));
    await writeFile(path.join(spool, "BBBBBBBBBBBBBBBBBBBBBB"), "no row");
    const h = await openDatabase(db);
    const row = (id: string, size: number) => ({
      id,
      path: "/edition/cap.tex",
      trash_id: null,
      size,
      hash: null,
      author: "admin",
      replaced_by: "admin",
      made_at: Date.now(),
      label: null,
      state: "pending",
    });
    await h
      .insertInto("versions")
      .values([row("AAAAAAAAAAAAAAAAAAAAAA", 20), row("CCCCCCCCCCCCCCCCCCCCCC", 5)])
      .execute();
    await h.destroy();

    await server!.start();
    expect(await versionHashes("/edition/cap.tex")).toEqual([sha1("the replaced content")]);
    expect((await visibleTree(files)).tree["edition/cap.tex"]).toBe(sha1("now"));
    await nothingPending(db, spool);
    const again = await openDatabase(db);
    expect((await again.selectFrom("versions").select("id").execute()).map((r) => r.id)).toEqual([
      "AAAAAAAAAAAAAAAAAAAAAA",
    ]);
    await again.destroy();
  }, 60_000);
});
