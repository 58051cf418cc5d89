import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  BLOCK_SIZE,
  deflateBlocks,
  inOrder,
  type DeflateSum,
  type Pending,
} from "./block-deflate.js";
import { gzipBlocks } from "./gzip.js";

/** Latin-looking prose: words drawn by a fixed pseudo-random sequence (about 3:1 in gzip). */
function text(bytes: number): Buffer {
  const words = (
    "ex quibus patet quod circulus maior est omni polygono inscripto et minor circumscripto " +
    "linea recta superficies angulus triangulum quadratum sphaera conus cylindrus axis basis " +
    "propositio theorema problema demonstratio corollarium lemma definitio postulatum datum"
  ).split(" ");
  let out = "";
  let seed = 7;
  while (out.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const word = words[seed % words.length]!;
    out += seed % 11 === 0 ? `${word}.\n` : `${word}${seed % 97}${seed % 5 === 0 ? "," : ""} `;
  }
  return Buffer.from(out.slice(0, bytes));
}

/** `data` in pieces of uneven sizes, as a file or a tar stream would come. */
function* pieces(data: Buffer, size = 70_001): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(chunk);
  return Buffer.concat(out);
}

const SIZES = [0, 1, BLOCK_SIZE - 1, BLOCK_SIZE, BLOCK_SIZE + 1, 5 * BLOCK_SIZE + 17];

describe("deflate in parallel blocks", () => {
  for (const size of SIZES) {
    it(`${size} bytes of text and of noise come back whole, with their CRC and sizes`, async () => {
      for (const data of [text(size), randomBytes(size)]) {
        const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
        const raw = await collect(deflateBlocks(pieces(data), sum, { parallel: 3 }));
        expect(zlib.inflateRawSync(raw).equals(data)).toBe(true);
        expect(sum).toEqual({ crc: zlib.crc32(data), size, compressed: raw.length });
      }
    });
  }

  it("gives the same bytes whatever the number of blocks in flight", async () => {
    const data = text(9 * BLOCK_SIZE + 5);
    const one = await collect(gzipBlocks(pieces(data), { parallel: 1 }));
    const four = await collect(gzipBlocks(pieces(data, 4096), { parallel: 4 }));
    expect(four.equals(one)).toBe(true);
  });

  it("compresses text as well as one zlib stream (each block primed with the last 32 KiB)", async () => {
    const data = text(40 * BLOCK_SIZE);
    const ours = await collect(gzipBlocks(pieces(data)));
    const single = zlib.gzipSync(data, { level: 6 });
    expect(ours.length / single.length).toBeLessThan(1.01);
  });

  it("makes a standard gzip stream: gzip -t accepts it and gunzip restores it", async () => {
    const data = Buffer.concat([text(3 * BLOCK_SIZE), randomBytes(BLOCK_SIZE + 3)]);
    const gz = await collect(gzipBlocks(pieces(data)));
    expect(spawnSync("gzip", ["-t"], { input: gz }).status).toBe(0);
    const back = spawnSync("gzip", ["-dc"], { input: gz, maxBuffer: 1 << 26 });
    expect(back.status).toBe(0);
    expect(back.stdout.equals(data)).toBe(true);
  });

  it("reads ahead only the blocks in flight, then waits for its reader", async () => {
    let read = 0;
    function* endless(): Generator<Buffer> {
      for (;;) {
        read += BLOCK_SIZE;
        yield randomBytes(BLOCK_SIZE);
      }
    }
    const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
    const blocks = deflateBlocks(endless(), sum, { parallel: 3 });
    await blocks.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBeLessThanOrEqual(4 * BLOCK_SIZE);
    await blocks.return(undefined);
  });

  it("passes a compression error on to its reader", async () => {
    const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
    const bad = deflateBlocks(pieces(text(1000)), sum, { level: 42 });
    await expect(collect(bad)).rejects.toThrow();
  });

  it("asks for the next stream's blocks while the previous stream's last block is in flight", async () => {
    let release: (out: Buffer) => void = () => undefined;
    const slow = new Promise<Buffer>((resolve) => (release = resolve));
    const asked: string[] = [];
    async function* items(): AsyncGenerator<Pending<string>> {
      await Promise.resolve(); // as a file read would
      asked.push("last block of the first file");
      yield { block: slow };
      asked.push("end of the first file");
      yield { now: "end" };
      asked.push("first block of the second file");
      yield { block: Promise.resolve(Buffer.from("b")) };
    }
    const out = inOrder(items(), 2);
    const first = out.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([
      "last block of the first file",
      "end of the first file",
      "first block of the second file",
    ]);
    release(Buffer.from("a"));
    expect((await first).value).toEqual({ block: Buffer.from("a") });
    expect((await out.next()).value).toEqual({ now: "end" });
    expect((await out.next()).value).toEqual({ block: Buffer.from("b") });
    expect((await out.next()).done).toBe(true);
  });

  it("stores noise as it is, and deflates again when text follows it", async () => {
    const noise = randomBytes(24 * BLOCK_SIZE);
    const prose = text(48 * BLOCK_SIZE);
    const data = Buffer.concat([noise, prose]);
    const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
    const raw = await collect(deflateBlocks(pieces(data), sum, { parallel: 2 }));
    expect(zlib.inflateRawSync(raw).equals(data)).toBe(true);
    expect(sum.compressed).toBe(raw.length);
    // The noise costs its size and a little framing; the text after it is deflated again
    // (about 3:1), at most a few blocks of it stored before a check sees it compress.
    const proseAlone = zlib.deflateRawSync(prose, { level: 6 }).length;
    expect(raw.length).toBeLessThan(noise.length * 1.001 + proseAlone + 10 * BLOCK_SIZE);
    expect(raw.length).toBeLessThan(noise.length + prose.length * 0.6);
  });
});
