import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { SnappyStream, UnsnappyStream } from "snappystream";
import { describe, expect, it } from "vitest";
import { crc32c, xxh32 } from "./checksums.js";
import { Lz4FrameDecoder, Lz4FrameEncoder } from "./lz4-frame.js";
import { SnappyFrameDecoder, SnappyFrameEncoder } from "./snappy-frame.js";
import { loadNativeSnappy } from "./snappy-native.js";
import { requireTools, through } from "../../../test/archive-helpers.js";

const text = Buffer.from("Arma virumque cano, Troiae qui primus ab oris\n".repeat(200_000));
const samples = [Buffer.alloc(0), Buffer.from("a"), randomBytes(300_000), text];

describe("checksums", () => {
  it("CRC-32C and XXH32 match their reference values", () => {
    expect(crc32c(Buffer.from("123456789"))).toBe(0xe3069283);
    expect(xxh32(Buffer.alloc(0))).toBe(0x02cc5d05);
    expect(xxh32(Buffer.from("abc"))).toBe(0x32d153ff);
    expect(xxh32(Buffer.from("Nobody inspects the spammish repetition"))).toBe(0xe2293b2f);
  });
});

describe("LZ4 frames", () => {
  it("round-trips, compresses text, and reads what the lz4 tool writes", async () => {
    for (const sample of samples) {
      const packed = await through(sample, new Lz4FrameEncoder());
      expect((await through(packed, new Lz4FrameDecoder())).equals(sample)).toBe(true);
    }
    expect((await through(text, new Lz4FrameEncoder())).length).toBeLessThan(text.length / 10);
  });

  it("is read by the lz4 tool, and reads its linked blocks", async () => {
    requireTools("lz4");
    const packed = await through(text, new Lz4FrameEncoder());
    expect(
      execFileSync("lz4", ["-d", "-c"], { input: packed, maxBuffer: 1 << 26 }).equals(text),
    ).toBe(true);
    for (const flags of [[], ["-BD"], ["-BD", "-B4"], ["-BX", "-B5"], ["--content-size"]]) {
      const made = execFileSync("lz4", ["-c", ...flags], { input: text, maxBuffer: 1 << 26 });
      expect((await through(made, new Lz4FrameDecoder())).equals(text)).toBe(true);
    }
  });

  it("refuses corrupt and truncated input", async () => {
    const packed = await through(text, new Lz4FrameEncoder());
    await expect(through(packed.subarray(0, 100), new Lz4FrameDecoder())).rejects.toThrow();
    const bad = Buffer.from(packed);
    bad[20] = bad[20]! ^ 0xff;
    await expect(through(bad, new Lz4FrameDecoder())).rejects.toThrow();
  });
});

describe("snappy framing", () => {
  it("is read by snappystream's framed decoder (CRCs checked), and reads its frames", async () => {
    for (const sample of samples) {
      const ours = await through(sample, new SnappyFrameEncoder());
      expect((await through(ours, new UnsnappyStream(true))).equals(sample)).toBe(true);
      const theirs = await through(sample, new SnappyStream());
      expect((await through(theirs, new SnappyFrameDecoder())).equals(sample)).toBe(true);
    }
    // It does check: a flipped byte fails the frame's CRC.
    const bad = await through(text, new SnappyFrameEncoder());
    bad[15] = bad[15]! ^ 0xff;
    await expect(through(bad, new UnsnappyStream(true))).rejects.toThrow(/checksum/);
  });

  it("round-trips, compresses text, checks CRCs", async () => {
    for (const sample of samples) {
      const packed = await through(sample, new SnappyFrameEncoder());
      expect(packed.subarray(0, 10).toString("latin1")).toBe("\xff\x06\x00\x00sNaPpY");
      expect((await through(packed, new SnappyFrameDecoder())).equals(sample)).toBe(true);
    }
    const packed = await through(text, new SnappyFrameEncoder());
    expect(packed.length).toBeLessThan(text.length / 5);
    const bad = Buffer.from(packed);
    bad[15] = bad[15]! ^ 0xff;
    await expect(through(bad, new SnappyFrameDecoder())).rejects.toThrow();
  });

  it("with the native blocks: agrees with the JavaScript ones and with snappystream", async () => {
    const native = await loadNativeSnappy();
    if (!native) throw new Error("the snappy and @node-rs/crc32 bindings did not load");
    expect(native.crc32c(Buffer.from("123456789"))).toBe(0xe3069283);
    for (const sample of samples) {
      expect(native.crc32c(sample)).toBe(crc32c(sample));
      const ours = await through(sample, new SnappyFrameEncoder(native));
      expect((await through(ours, new UnsnappyStream(true))).equals(sample)).toBe(true);
      expect((await through(ours, new SnappyFrameDecoder())).equals(sample)).toBe(true);
      const js = await through(sample, new SnappyFrameEncoder());
      expect((await through(js, new SnappyFrameDecoder(native))).equals(sample)).toBe(true);
    }
    const bad = await through(text, new SnappyFrameEncoder(native));
    bad[15] = bad[15]! ^ 0xff;
    await expect(through(bad, new SnappyFrameDecoder(native))).rejects.toThrow();
  });
});
