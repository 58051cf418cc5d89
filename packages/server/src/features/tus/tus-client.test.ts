/**
 * Uploads with the real tus-js-client, in Node, against a listening server: the app on a real
 * socket for most cases, the built `scriptorium` command as a child process where the server
 * must die mid-upload. Our tus subset has no creation endpoint for the library to call, so each
 * case POSTs `/api/tus{path}?override=…` itself with `Upload-Length` (as the web app does) and
 * hands tus-js-client that same URL as `uploadUrl`: the library then only HEADs and PATCHes.
 * Every uploaded file is compared with its source by sha256.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PassThrough, Readable, Transform } from "node:stream";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { DefaultHttpStack, Upload, type DetailedError, type HttpStack } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STAGING_SUFFIX } from "../../storage/atomic-write.js";
import { listen } from "../../test/http.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";

type UploadOptions = NonNullable<ConstructorParameters<typeof Upload>[1]>;
type UploadInput = ConstructorParameters<typeof Upload>[0];

const KiB = 1024;
const MiB = 1024 * KiB;
const BIN = fileURLToPath(new URL("../../../bin/scriptorium.js", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Files and hashes

/** Writes `size` random bytes to `file` in pieces (never the whole file in memory). */
async function makeFile(file: string, size: number): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let done = 0; done < size;) {
    const piece = randomBytes(Math.min(16 * MiB, size - done));
    hash.update(piece);
    done += piece.length;
    if (!out.write(piece)) await once(out, "drain");
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return hash.digest("hex");
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Every file under `dir` (recursively), as absolute paths. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(abs)));
    else out.push(abs);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with the path sent exactly as written (no URL parser resolves `..` or `%2e%2e`
 * on the way), as the creation step of every upload.
 */
function raw(
  base: string,
  method: string,
  rawPath: string,
  headers: Record<string, string>,
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** `/a b/c#d` → `/a%20b/c%23d`: each segment of a user path encoded, as the web app does. */
const encodePath = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/**
 * POST /api/tus{path}: creates the upload (Upload-Length required by our server) and returns
 * the status and the URL the client then resumes; `rawPath` is sent as is when given.
 */
async function createUpload(
  base: string,
  token: string,
  p: string,
  length: number,
  opts: { override?: boolean; rawPath?: string } = {},
): Promise<{ status: number; url: string; body: string }> {
  const rawPath = `/api/tus${opts.rawPath ?? encodePath(p)}?override=${opts.override ?? false}`;
  const res = await raw(base, "POST", rawPath, {
    "X-Auth": token,
    "Upload-Length": String(length),
    "Tus-Resumable": "1.0.0",
  });
  return { status: res.status, url: base + rawPath, body: res.body };
}

const statusOf = (err: unknown) => (err as DetailedError).originalResponse?.getStatus();

interface Sent {
  upload: Upload;
  done: Promise<void>;
  /** `Upload-Offset` of every PATCH this upload sent, in order. */
  patchOffsets: number[];
  /** Status of every response it received, in order. */
  statuses: number[];
  /** Bytes the server acknowledged through this upload (sum of onChunkComplete sizes). */
  accepted: () => number;
}

/**
 * Starts a tus-js-client upload of `input` to `uploadUrl`, recording the PATCH offsets and the
 * response statuses; `done` settles with onSuccess/onError.
 */
function send(input: UploadInput, options: UploadOptions & { uploadUrl: string }): Sent {
  const patchOffsets: number[] = [];
  const statuses: number[] = [];
  let accepted = 0;
  let upload!: Upload;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(input, {
      chunkSize: 10 * MiB,
      retryDelays: [0, 100, 300, 1000],
      ...options,
      onBeforeRequest: async (req) => {
        if (req.getMethod() === "PATCH") patchOffsets.push(Number(req.getHeader("Upload-Offset")));
        await options.onBeforeRequest?.(req);
      },
      onAfterResponse: async (req, res) => {
        statuses.push(res.getStatus());
        await options.onAfterResponse?.(req, res);
      },
      onChunkComplete: (chunk, bytesAccepted, bytesTotal) => {
        accepted += chunk;
        options.onChunkComplete?.(chunk, bytesAccepted, bytesTotal);
      },
      onSuccess: (payload) => {
        options.onSuccess?.(payload);
        resolve();
      },
      onError: (err) => {
        options.onError?.(err);
        reject(err);
      },
    });
    upload.start();
  });
  return { upload, done, patchOffsets, statuses, accepted: () => accepted };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * Resolves once the hidden partial file of an upload in `folder` holds at least `bytes`
 * (polled every millisecond or so); rejects if the upload ends first.
 */
async function partialFileReaches(folder: string, bytes: number): Promise<number> {
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    const partial = names.find((n) => n.endsWith(STAGING_SUFFIX));
    if (partial) {
      const size = (await stat(path.join(folder, partial)).catch(() => undefined))?.size ?? 0;
      if (size >= bytes) return size;
    } else if (names.some((n) => !n.startsWith("."))) {
      throw new Error("the upload finished before the partial file reached the mark");
    }
    await new Promise((r) => setTimeout(r, 1));
  }
}

// ---------------------------------------------------------------------------------------------
// The app on a real socket

let t: TestContext;
let base: string;
let token: string;
let scope: string;
let sources: string;

const somePerms = {
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: false,
  download: true,
  unzip: false,
};

describe("tus-js-client against the listening app", () => {
  beforeEach(async () => {
    t = await createTestApp();
    await t.createUser({
      username: "ada",
      password: "ada-password-12",
      fields: { scope: "/ada", perm: somePerms },
    });
    scope = path.join(t.root, "ada");
    await mkdir(path.join(scope, "scans"), { recursive: true });
    // Sources live beside the served folder, never inside it.
    sources = path.join(t.dir, "sources");
    await mkdir(sources);
    base = `http://127.0.0.1:${await listen(t.app)}`;
    token = await t.login("ada", "ada-password-12");
  });
  afterEach(() => t.close());

  /** Creates the upload, sends `input` with tus-js-client, returns the file's sha256 on disk. */
  async function uploadTo(
    p: string,
    input: UploadInput,
    size: number,
    options: Omit<UploadOptions, "uploadUrl"> = {},
  ): Promise<{ sha: string; sent: Sent }> {
    const created = await createUpload(base, token, p, size);
    expect(created.status, created.body).toBe(201);
    const sent = send(input, { uploadUrl: created.url, headers: { "X-Auth": token }, ...options });
    await sent.done;
    return { sha: await sha256File(path.join(scope, p)), sent };
  }

  it("uploads an empty file", async () => {
    const { sha, sent } = await uploadTo("/scans/empty.txt", Buffer.alloc(0), 0);
    expect(sha).toBe(sha256(Buffer.alloc(0)));
    expect(sent.patchOffsets).toEqual([]); // the HEAD already says 0 of 0: nothing to send
    expect((await stat(path.join(scope, "scans", "empty.txt"))).size).toBe(0);
  });

  it("uploads a single byte", async () => {
    const one = Buffer.from([0xa7]);
    const { sha, sent } = await uploadTo("/scans/one.bin", one, 1);
    expect(sha).toBe(sha256(one));
    expect(sent.patchOffsets).toEqual([0]);
  });

  it("uploads a file of exactly one chunk in one PATCH", async () => {
    const file = path.join(sources, "chunk.bin");
    const expected = await makeFile(file, 1 * MiB);
    const { sha, sent } = await uploadTo("/scans/chunk.bin", createReadStream(file), 1 * MiB, {
      chunkSize: 1 * MiB,
    });
    expect(sha).toBe(expected);
    expect(sent.patchOffsets).toEqual([0]);
  });

  it("uploads a stream in many chunks, with uploadSize and chunkSize", async () => {
    const size = 7 * MiB + 123;
    const file = path.join(sources, "many.bin");
    const expected = await makeFile(file, size);
    // A plain Readable (not a file stream): tus-js-client needs uploadSize and chunkSize.
    const stream = createReadStream(file, { highWaterMark: 64 * KiB }).pipe(new PassThrough());
    const chunk = 256 * KiB;
    const { sha, sent } = await uploadTo("/scans/many chunks, #1 ü.bin", stream, size, {
      chunkSize: chunk,
      uploadSize: size,
    });
    expect(sha).toBe(expected);
    const count = Math.ceil(size / chunk);
    expect(sent.patchOffsets).toEqual(Array.from({ length: count }, (_, i) => i * chunk));
    expect(await readdir(path.join(scope, "scans"))).toEqual(["many chunks, #1 ü.bin"]);
  });

  // About 7–8 s for the upload here (12–14 s with writing and hashing the file): well under
  // the 60 s mark for a slow test, so it always runs. Its time is printed, not asserted.
  it(
    "uploads a 1 GiB file in 10 MiB chunks, streamed from disk",
    async () => {
      const size = 1024 * MiB;
      const file = path.join(sources, "gigabyte.bin");
      const expected = await makeFile(file, size);
      const start = performance.now();
      const { sha, sent } = await uploadTo("/scans/gigabyte.bin", createReadStream(file), size, {
        chunkSize: 10 * MiB,
      });
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `tus-js-client: 1 GiB in 10 MiB chunks uploaded in ${seconds.toFixed(1)} s ` +
          `(${(size / MiB / seconds).toFixed(0)} MiB/s, ${sent.patchOffsets.length} PATCHes)`,
      );
      expect(sent.patchOffsets.length).toBe(Math.ceil(size / (10 * MiB)));
      expect(sha).toBe(expected);
      await rm(file);
    },
    10 * 60_000,
  );

  it("resumes from the server's offset after the client aborts midway", async () => {
    const size = 48 * MiB;
    const chunk = 4 * MiB;
    const file = path.join(sources, "aborted.bin");
    const expected = await makeFile(file, size);
    const created = await createUpload(base, token, "/scans/aborted.bin", size);
    expect(created.status).toBe(201);

    // First attempt: abort (without terminating) once the server holds half of the file, in
    // the middle of a PATCH body.
    const first = send(createReadStream(file), {
      uploadUrl: created.url,
      headers: { "X-Auth": token },
      chunkSize: chunk,
    });
    await partialFileReaches(path.join(scope, "scans"), size / 2 + 1.5 * MiB);
    await first.upload.abort(false);
    expect(first.accepted()).toBeLessThan(size);
    void first.done.catch(() => undefined); // an aborted upload never settles
    // The server settles the cut request and reports what it kept.
    let offset = -1;
    await waitFor("the server's offset to settle", async () => {
      const head = await raw(base, "HEAD", "/api/tus/scans/aborted.bin", { "X-Auth": token });
      const now = Number(head.headers["upload-offset"]);
      const stable = now === offset;
      offset = now;
      return stable && !(await readdir(path.join(scope, "scans"))).includes("aborted.bin");
    });
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(size);

    // Second attempt: a new Upload on the same URL continues from there.
    const second = send(createReadStream(file), {
      uploadUrl: created.url,
      headers: { "X-Auth": token },
      chunkSize: chunk,
    });
    await second.done;
    expect(second.patchOffsets[0]).toBe(offset);
    expect(second.accepted()).toBe(size - offset);
    expect(second.accepted()).toBeLessThan(size);
    expect(await sha256File(path.join(scope, "scans", "aborted.bin"))).toBe(expected);
    expect(await readdir(path.join(scope, "scans"))).toEqual(["aborted.bin"]);
  });

  it("lets one of two clients on one path write; the other gets 423 and retries", async () => {
    const size = 24 * MiB;
    const chunk = 8 * MiB;
    const file = path.join(sources, "twice.bin");
    const expected = await makeFile(file, size);
    const created = await createUpload(base, token, "/scans/twice.bin", size);
    expect(created.status).toBe(201);

    // Client A's first PATCH is held open after 1 MiB until B has been refused, so the two
    // requests overlap on every machine; after that both run freely.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const retried: { client: string; status: number | undefined }[] = [];
    // Both retry on 409/423 (tus-js-client's default) and on 404: the other client may finish
    // the upload between a HEAD and a PATCH, and the next HEAD then reports it complete.
    const onShouldRetry = (client: string) => (err: DetailedError) => {
      const status = statusOf(err);
      retried.push({ client, status });
      return status === undefined || status === 404 || status === 409 || status === 423;
    };
    const delays = [50, 100, 200, 400, 800, 1000, 1000, 1000, 1000, 1000];
    const a = send(createReadStream(file), {
      uploadUrl: created.url,
      headers: { "X-Auth": token },
      chunkSize: chunk,
      retryDelays: delays,
      httpStack: holdFirstPatch(1 * MiB, released),
      onShouldRetry: onShouldRetry("A"),
    });
    await waitFor("A to be writing", async () => {
      const head = await raw(base, "HEAD", "/api/tus/scans/twice.bin", { "X-Auth": token });
      return Number(head.headers["upload-offset"]) > 0;
    });
    const b = send(createReadStream(file), {
      uploadUrl: created.url,
      headers: { "X-Auth": token },
      chunkSize: chunk,
      retryDelays: delays,
      onShouldRetry: onShouldRetry("B"),
      onAfterResponse: (_req, res) => {
        if (res.getStatus() === 423) release();
      },
    });
    // (Both settle, and afterEach's close does not hang on a refused chunk's connection.)
    await Promise.all([a.done, b.done]);

    expect(b.statuses).toContain(423);
    expect(retried).toContainEqual({ client: "B", status: 423 });
    expect(await sha256File(path.join(scope, "scans", "twice.bin"))).toBe(expected);
    expect(await readdir(path.join(scope, "scans"))).toEqual(["twice.bin"]);
  });

  it("answers a refused chunk once it has arrived, and keeps the connection", async () => {
    const created = await createUpload(base, token, "/scans/refused.bin", 8 * MiB);
    expect(created.status).toBe(201);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(base);
    const patch = (offset: number, body: Buffer) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          {
            agent,
            host: hostname,
            port,
            method: "PATCH",
            path: "/api/tus/scans/refused.bin",
            headers: {
              "X-Auth": token,
              "Upload-Offset": String(offset),
              "Content-Type": "application/offset+octet-stream",
              "Content-Length": String(body.length),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    try {
      const body = randomBytes(8 * MiB);
      // A wrong offset (409): refused before a byte is written, yet the whole body is read, so
      // the same socket carries the next request, which completes the upload.
      expect(await patch(4 * MiB, body)).toEqual({ status: 409, reused: false });
      expect(await patch(0, body)).toEqual({ status: 204, reused: true });
      expect(await sha256File(path.join(scope, "scans", "refused.bin"))).toBe(sha256(body));
    } finally {
      agent.destroy();
    }
  });

  it("asks before replacing: 409 without override, override replaces, modify needed", async () => {
    const target = path.join(scope, "scans", "folio.tif");
    await writeFile(target, "the old scan");
    const fresh = randomBytes(3 * MiB + 17);

    const refused = await createUpload(base, token, "/scans/folio.tif", fresh.length);
    expect(refused.status).toBe(409);
    // Nothing was started: tus-js-client on that URL finds the existing file complete at its
    // own size and sends nothing, so the old file stays.
    const nothing = send(fresh, { uploadUrl: refused.url, headers: { "X-Auth": token } });
    await nothing.done.catch(() => undefined);
    expect(nothing.patchOffsets).toEqual([]);
    expect(await sha256File(target)).toBe(sha256(Buffer.from("the old scan")));

    const created = await createUpload(base, token, "/scans/folio.tif", fresh.length, {
      override: true,
    });
    expect(created.status).toBe(201);
    // Until the last byte arrives, the old file stays in place.
    const midway: Promise<string>[] = [];
    const sent = send(fresh, {
      uploadUrl: created.url,
      headers: { "X-Auth": token },
      chunkSize: 1 * MiB,
      onChunkComplete: (_chunk, accepted) => {
        if (accepted < fresh.length) midway.push(sha256File(target));
      },
    });
    await sent.done;
    expect(sent.patchOffsets.length).toBe(4);
    expect(await sha256File(target)).toBe(sha256(fresh));
    expect(await readdir(path.join(scope, "scans"))).toEqual(["folio.tif"]);
    expect(midway.length).toBe(3);
    for (const seen of await Promise.all(midway)) {
      expect(seen).toBe(sha256(Buffer.from("the old scan")));
    }

    await t.createUser({
      username: "nomod",
      password: "nomod-password-1",
      fields: { scope: "/ada", perm: { ...somePerms, modify: false } },
    });
    const nomod = await t.login("nomod", "nomod-password-1");
    const forbidden = await createUpload(base, nomod, "/scans/folio.tif", 5, { override: true });
    expect(forbidden.status).toBe(403);
    // Creating a new file needs only create.
    const ok = await createUpload(base, nomod, "/scans/new.tif", 5);
    expect(ok.status).toBe(201);
    const five = Buffer.from("12345");
    await send(five, { uploadUrl: ok.url, headers: { "X-Auth": nomod } }).done;
    expect(await sha256File(path.join(scope, "scans", "new.tif"))).toBe(sha256(five));
    expect(await sha256File(target)).toBe(sha256(fresh));
  });

  it("needs create (403), a login (401), and one's own upload", async () => {
    await t.createUser({
      username: "reader",
      password: "reader-password-1",
      fields: { scope: "/ada", perm: { ...somePerms, create: false } },
    });
    const reader = await t.login("reader", "reader-password-1");
    const refused = await createUpload(base, reader, "/scans/nope.bin", 4);
    expect(refused.status).toBe(403);
    // tus-js-client cannot write either: there is no upload to resume, and it may not create.
    const tried = send(Buffer.from("nope"), {
      uploadUrl: refused.url,
      headers: { "X-Auth": reader },
      retryDelays: null,
    });
    await expect(tried.done).rejects.toSatisfy((err) => statusOf(err) === 404);
    expect(tried.patchOffsets).toEqual([]);

    const anonymous = await raw(base, "POST", "/api/tus/scans/anon.bin?override=false", {
      "Upload-Length": "4",
    });
    expect(anonymous.status).toBe(401);

    // Another user sharing the scope cannot write into ada's upload.
    const created = await createUpload(base, token, "/scans/ada.bin", 4);
    expect(created.status).toBe(201);
    await t.createUser({
      username: "bob",
      password: "bob-password-123",
      fields: { scope: "/ada", perm: somePerms },
    });
    const bob = await t.login("bob", "bob-password-123");
    const intruder = send(Buffer.from("evil"), {
      uploadUrl: created.url,
      headers: { "X-Auth": bob },
      retryDelays: null,
    });
    await expect(intruder.done).rejects.toSatisfy((err) => statusOf(err) === 404);
    expect(intruder.patchOffsets).toEqual([]);
    const mine = Buffer.from("mine");
    await send(mine, { uploadUrl: created.url, headers: { "X-Auth": token } }).done;
    expect(await sha256File(path.join(scope, "scans", "ada.bin"))).toBe(sha256(mine));
    expect(await readdir(path.join(scope, "scans"))).toEqual(["ada.bin"]);
  });

  it("never writes outside the scope, whatever the upload path", async () => {
    const marker = `escape-${randomBytes(4).toString("hex")}.bin`;
    const data = Buffer.from("should stay inside the scope");
    const attempts = [
      `/../${marker}`,
      `/../../${marker}`,
      `/scans/../../../${marker}`,
      `/%2e%2e/%2e%2e/${marker}`,
      `/%2E%2E/${marker}`,
      `/scans/%2e%2e/%2e%2e/%2e%2e/${marker}`,
      `/..%2f..%2f${marker}`,
      `/scans/..%2f..%2f..%2f${marker}`,
      `/%2f..%2f..%2f${marker}`,
      `/%2ftmp%2f${marker}`,
      `//tmp/${marker}`,
      `/${encodeURIComponent(path.join(t.dir, marker))}`,
      `/${path.join(t.dir, marker)}`,
      `/scans/..%5c..%5c${marker}`,
    ];
    const outcomes: string[] = [];
    for (const attempt of attempts) {
      // override: several attempts may land on the same file inside the scope.
      const created = await createUpload(base, token, "", data.length, {
        rawPath: attempt,
        override: true,
      });
      outcomes.push(`${attempt} → ${created.status}`);
      // Accepted: it must land inside the scope, wherever tus-js-client sends it.
      if (created.status === 201) {
        await send(data, { uploadUrl: created.url, headers: { "X-Auth": token } }).done;
      }
    }
    // Every attempt was accepted inside the scope: `..` (plain, %2e-encoded, or behind an
    // encoded slash or backslash) stops at the scope's root, and absolute paths are taken
    // relative to it.
    expect(outcomes.filter((o) => !o.endsWith("→ 201"))).toEqual([]);
    const landed = (await walk(t.dir)).filter((f) => path.basename(f).includes(marker)).sort();
    expect(landed).toEqual(
      [
        path.join(scope, marker),
        path.join(scope, "tmp", marker),
        path.join(scope, t.dir, marker),
      ].sort(),
    );
    for (const file of landed) expect(await sha256File(file)).toBe(sha256(data));
    for (const outside of [path.join(tmpdir(), marker), path.join("/", marker)]) {
      await expect(stat(outside)).rejects.toThrow();
    }
    expect((await readdir(t.root)).sort()).toEqual(["ada"]);
    expect((await readdir(t.dir)).filter((n) => n.includes(marker))).toEqual([]);
  });
});

/**
 * tus-js-client's own Node HTTP stack, except that the body of the first PATCH stops after
 * `after` bytes until `release` resolves (the request stays open, holding the upload's lock).
 */
function holdFirstPatch(after: number, release: Promise<void>): HttpStack {
  const inner = new DefaultHttpStack({});
  let held = false;
  return {
    getName: () => "HoldFirstPatch",
    createRequest(method, url) {
      const req = inner.createRequest(method, url);
      if (method !== "PATCH" || held) return req;
      held = true;
      const sendBody = req.send.bind(req);
      req.send = (body: unknown) => {
        if (!(body instanceof Readable)) return sendBody(body);
        let seen = 0;
        const gate = new Transform({
          transform(chunk: Buffer, _enc, done) {
            const before = seen;
            seen += chunk.length;
            if (before < after && seen >= after) {
              this.push(chunk);
              void release.then(() => done());
            } else done(null, chunk);
          },
        });
        // The stack sets Content-Length from the body's size.
        return sendBody(Object.assign(body.pipe(gate), { size: (body as { size?: number }).size }));
      };
      return req;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The built command as a child process, killed mid-upload

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

function startServer(dir: string, port: number): Promise<{ child: ChildProcess; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      BIN,
      "-r",
      path.join(dir, "files"),
      "-d",
      path.join(dir, "db.sqlite"),
      "-p",
      String(port),
      "-a",
      "127.0.0.1",
    ]);
    let out = "";
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes("listening on")) resolve({ child, out });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

describe("tus-js-client against the scriptorium command", () => {
  let dir: string | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill("SIGKILL");
    child = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("resumes after the server process is killed midway and restarted", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-tus-kill-"));
    const work = dir;
    await mkdir(path.join(work, "files", "scans"), { recursive: true });
    const size = 96 * MiB;
    const file = path.join(work, "source.bin");
    const expected = await makeFile(file, size);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(work, port);
    child = first.child;
    const password = /password (\S{16}) /.exec(first.out)?.[1] ?? "";
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      body: JSON.stringify({ username: "admin", password }),
    });
    expect(login.status).toBe(200);
    const token = await login.text();

    const created = await createUpload(base, token, "/scans/manuscript.tif", size);
    expect(created.status).toBe(201);
    const sent = send(createReadStream(file), {
      uploadUrl: created.url,
      // The current token on every request, as the web app does.
      onBeforeRequest: (req) => req.setHeader("X-Auth", token),
      chunkSize: 8 * MiB,
      // Enough retries to outlast a restart (a second or two here).
      retryDelays: [0, 100, 250, 500, 1000, 1000, 1000, 2000, 2000, 2000, 3000, 3000, 5000],
    });
    // Kill once the server holds over a third of the file: in the middle of a PATCH body.
    const keptBeforeKill = await partialFileReaches(
      path.join(work, "files", "scans"),
      size / 3 + 3 * MiB,
    );
    const patchesBeforeKill = sent.patchOffsets.length;
    const victim = first.child;
    const exited = once(victim, "exit");
    victim.kill("SIGKILL");
    await exited;
    // Meanwhile the client's requests fail and it retries through retryDelays.
    child = (await startServer(work, port)).child;
    await sent.done;

    const final = path.join(work, "files", "scans", "manuscript.tif");
    expect(await sha256File(final)).toBe(expected);
    expect(await readdir(path.join(work, "files", "scans"))).toEqual(["manuscript.tif"]);
    // It resumed: the first PATCH after the restart starts where the killed server's file
    // ended, past the start, and acknowledged bytes never add up to more than the file.
    const resumed = sent.patchOffsets.slice(patchesBeforeKill);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed[0]).toBeGreaterThanOrEqual(keptBeforeKill);
    expect(resumed.every((o) => o > 0)).toBe(true);
    expect(sent.accepted()).toBeLessThanOrEqual(size);
    expect(sent.statuses.filter((s) => s >= 400)).toEqual([]);
    const left = await readdir(path.join(work, "files", "scans"));
    expect(left.some((n) => n.endsWith(STAGING_SUFFIX))).toBe(false);
  }, 120_000);
});
