import { randomBytes } from "node:crypto";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SentFileStream } from "./sent-file-stream.js";

const CHUNK = 64 * 1024;
let dir: string;
let file: string;
let content: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-sent-"));
  file = path.join(dir, "data.bin");
  content = randomBytes(8 * 1024 * 1024 + 12_345);
  await writeFile(file, content);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Serves [start, end] of the file with a SentFileStream; `streams` collects what was made. */
async function serve(start: number, end: number, streams: SentFileStream[]): Promise<Server> {
  const server = createServer((_req, res) => {
    void open(file).then((handle) => {
      const stream = new SentFileStream(handle.fd, start, end, res, CHUNK);
      streams.push(stream);
      res.writeHead(200, { "content-length": end - start + 1 });
      stream.pipe(res);
      res.on("close", () => void handle.close());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** The whole body, read at once or slowly (pausing between chunks, so the server's writes wait). */
function fetchBody(server: Server, slow: boolean): Promise<Buffer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${port}/`, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        parts.push(chunk);
        if (slow && parts.length % 16 === 0) {
          res.pause();
          setTimeout(() => res.resume(), 5);
        }
      });
      res.on("end", () => resolve(Buffer.concat(parts)));
      res.on("error", reject);
    }).on("error", reject);
  });
}

describe("SentFileStream", () => {
  it("sends the exact bytes to a fast reader, reusing a few buffers", async () => {
    const streams: SentFileStream[] = [];
    const server = await serve(0, content.length - 1, streams);
    try {
      const body = await fetchBody(server, false);
      expect(body.equals(content)).toBe(true);
      const reads = Math.ceil(content.length / CHUNK);
      expect(streams[0]!.allocated).toBeLessThan(reads / 2);
    } finally {
      server.close();
    }
  });

  it("never reads into a buffer a slow reader's socket still holds", async () => {
    const streams: SentFileStream[] = [];
    const server = await serve(1000, content.length - 2000, streams);
    try {
      const body = await fetchBody(server, true);
      expect(body.equals(content.subarray(1000, content.length - 1999))).toBe(true);
    } finally {
      server.close();
    }
  });

  it("takes a new buffer for every read while the sink holds bytes", async () => {
    const handle = await open(file);
    try {
      const holding = { writableLength: 1 };
      const stream = new SentFileStream(handle.fd, 0, 10 * CHUNK - 1, holding, CHUNK);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(stream.allocated).toBe(10);
      // Never all of them kept: a slow client's download must not hold every buffer read.
      expect(stream.remembered).toBeLessThanOrEqual(4);
      expect(Buffer.concat(chunks).equals(content.subarray(0, 10 * CHUNK))).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("ends early when the file is shorter than the range", async () => {
    const handle = await open(file);
    try {
      const stream = new SentFileStream(
        handle.fd,
        content.length - 10,
        content.length + 100,
        { writableLength: 0 },
        CHUNK,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(content.subarray(content.length - 10))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
