/**
 * File Browser's upload flow (API.md Part B §6.2) with the real tus-js-client: the client POSTs
 * `/api/tus/{path}?override=…` itself, then hands tus-js-client that same URL as `uploadUrl`,
 * which only HEADs and PATCHes. File Browser 2.31 POSTs without `Upload-Length`; our web app
 * and later clients send it (API.md Part A §17).
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Upload } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SETTLE_MS } from "../features/tus/upload-end.js";
import { encodePath, startCompat, type Compat } from "./fb-client.js";

/** `TusSettings.chunkSize` as the page gives it to the client; small to make many chunks. */
const CHUNK = 64 * 1024;
/** The delays File Browser derives from `retryCount` 5 (§6.2 step 4). */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000];

let c: Compat;
beforeEach(async () => {
  c = await startCompat((s) => (s.tus.chunkSize = CHUNK));
});
afterEach(() => c.t.close());

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const onDisk = async (p: string) => sha(await readFile(path.join(c.scope, p)));
const visible = async () => (await readdir(c.scope)).filter((n) => !n.startsWith("."));
const hidden = async () => (await readdir(c.scope)).filter((n) => n.startsWith("."));

/** Step 1 of §6.2: the client's own POST, with `Upload-Length` only in the later dialect. */
async function createUpload(p: string, opts: { override?: boolean; length?: number } = {}) {
  const url = `/api/tus${encodePath(p)}?override=${opts.override ?? false}`;
  const headers: Record<string, string> = {};
  if (opts.length !== undefined) headers["Upload-Length"] = String(opts.length);
  const res = await c.api(url, { method: "POST", headers });
  return { status: res.status, body: await res.text(), uploadUrl: c.base + url };
}

/** Steps 2–3 of §6.2: tus-js-client with the options File Browser gives it. */
function upload(data: Buffer, uploadUrl: string, extra: Partial<Upload["options"]> = {}) {
  const patches: number[] = [];
  let started!: Upload;
  const done = new Promise<void>((resolve, reject) => {
    started = new Upload(data, {
      uploadUrl,
      chunkSize: CHUNK,
      parallelUploads: 1,
      storeFingerprintForResuming: false,
      headers: { "X-Auth": c.token },
      retryDelays: RETRY_DELAYS,
      onBeforeRequest: (req) => {
        if (req.getMethod() === "PATCH") patches.push(Number(req.getHeader("Upload-Offset")));
      },
      onSuccess: () => resolve(),
      onError: reject,
      ...extra,
    });
    started.start();
  });
  return { done, patches, upload: started };
}

describe("File Browser 2.31: POST without Upload-Length (§6.1, §6.2)", () => {
  it("uploads a file of several chunks; it appears whole when the client reports success", async () => {
    const data = randomBytes(3 * CHUNK + 1234);
    const created = await createUpload("/scan 1 (draft)'s copy*.tif");
    expect(created.status).toBe(201);
    const sent = upload(data, created.uploadUrl);
    await sent.done;
    expect(sent.patches).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(await visible()).toEqual(["scan 1 (draft)'s copy*.tif"]);
    expect(await hidden()).toEqual([]);
    expect(await onDisk("scan 1 (draft)'s copy*.tif")).toBe(sha(data));
  });

  it("takes the client's URL spelling: | ^ ` left raw, folder uploads segment by segment", async () => {
    // §6.2: `| ^ \`` stay unescaped by the client (fetch then encodes the backtick itself).
    const name = "a|b^c`d [e].txt";
    const raw = encodeURIComponent(name).replace(/%7C|%5E|%60/g, decodeURIComponent);
    const url = `/api/tus/${raw}?override=false`;
    expect((await c.api(url, { method: "POST" })).status).toBe(201);
    await upload(Buffer.from("odd"), c.base + url).done;
    // A folder upload: the folder first (§2.6), then each file at its relative path.
    const folder = await c.api(`/api/resources${encodePath("/my scans/2024 #1")}/`, {
      method: "POST",
    });
    expect(folder.status).toBe(200);
    const created = await createUpload("/my scans/2024 #1/page (1).tif");
    expect(created.status).toBe(201);
    await upload(Buffer.from("page"), created.uploadUrl).done;
    expect((await visible()).sort()).toEqual([name, "my scans"].sort());
    expect(await readFile(path.join(c.scope, name), "utf8")).toBe("odd");
    expect(await readFile(path.join(c.scope, "my scans", "2024 #1", "page (1).tif"), "utf8")).toBe(
      "page",
    );
  });

  it("uploads a file smaller than a chunk", async () => {
    const data = randomBytes(1000);
    const created = await createUpload("/small.bin");
    await upload(data, created.uploadUrl).done;
    expect(await onDisk("small.bin")).toBe(sha(data));
  });

  it("uploads a 0-byte file with one empty PATCH at offset 0", async () => {
    const created = await createUpload("/empty.txt");
    expect(created.status).toBe(201);
    const sent = upload(Buffer.alloc(0), created.uploadUrl);
    await sent.done;
    expect(sent.patches).toEqual([0]);
    expect(await readFile(path.join(c.scope, "empty.txt"), "utf8")).toBe("");
    expect(await hidden()).toEqual([]);
  });

  it("puts a file of exactly two chunks in place shortly after success", async () => {
    const data = randomBytes(2 * CHUNK);
    const created = await createUpload("/even.bin");
    await upload(data, created.uploadUrl).done;
    for (let waited = 0; !(await visible()).includes("even.bin"); waited += 100) {
      expect(waited).toBeLessThan(SETTLE_MS + 1000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await onDisk("even.bin")).toBe(sha(data));
  });

  it("replaces with override=true, the old file untouched until the end", async () => {
    await writeFile(path.join(c.scope, "folio.txt"), "old");
    // Without override, the POST is 409 and the client asks first (Part A §7).
    expect((await createUpload("/folio.txt")).status).toBe(409);
    const created = await createUpload("/folio.txt", { override: true });
    expect(created.status).toBe(201);
    const data = randomBytes(2 * CHUNK + 5);
    const midway: string[] = [];
    await upload(data, created.uploadUrl, {
      onChunkComplete: () => {
        void readFile(path.join(c.scope, "folio.txt"), "utf8").then((s) => midway.push(s));
      },
    }).done;
    expect(await onDisk("folio.txt")).toBe(sha(data));
    expect(midway.slice(0, 2)).toEqual(["old", "old"]);
  });

  it("removes the staged bytes when the user aborts the upload (DELETE, §6.2 step 5)", async () => {
    const created = await createUpload("/aborted.bin");
    const data = randomBytes(4 * CHUNK);
    let sent!: ReturnType<typeof upload>;
    const firstChunk = new Promise<void>((resolve) => {
      sent = upload(data, created.uploadUrl, { onChunkComplete: () => resolve() });
    });
    void sent.done.catch(() => undefined);
    await firstChunk;
    await sent.upload.abort(true);
    // The cut PATCH ends on the server a moment after the DELETE's answer.
    for (let waited = 0; (await readdir(c.scope)).length > 0; waited += 50) {
      expect(waited, (await readdir(c.scope)).join()).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

describe("later clients: POST with Upload-Length (§6.1, Part A §7)", () => {
  it("uploads through the same flow, nothing under the name before the last byte", async () => {
    const data = randomBytes(2 * CHUNK + 10);
    const created = await createUpload("/later.bin", { length: data.length });
    expect(created.status).toBe(201);
    const seen: string[][] = [];
    await upload(data, created.uploadUrl, {
      onChunkComplete: (_size, accepted) => {
        if (accepted < data.length) void visible().then((v) => seen.push(v));
      },
    }).done;
    expect(await onDisk("later.bin")).toBe(sha(data));
    expect(seen.flat()).toEqual([]);
  });

  it("takes a length declared with the last PATCH (tus deferred length)", async () => {
    const data = randomBytes(2 * CHUNK);
    const created = await createUpload("/deferred.bin");
    const sent = upload(data, created.uploadUrl, { uploadLengthDeferred: true });
    await sent.done;
    // Declared, so no waiting for silence: in place at once.
    expect(await onDisk("deferred.bin")).toBe(sha(data));
  });
});
