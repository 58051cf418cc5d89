import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Bzip2Encoder } from "./bzip2-encoder.js";
import { createDecompressor } from "./index.js";
import { requireTools, through } from "../../../test/archive-helpers.js";

const samples = [
  Buffer.alloc(0),
  Buffer.from("a"),
  Buffer.from("banana"),
  Buffer.alloc(2_000_000, 0),
  Buffer.from("abcabcabc".repeat(300_000)),
  randomBytes(200_000),
  Buffer.from("Arma virumque cano, Troiae qui primus ab oris\n".repeat(60_000)),
];

describe("bzip2 encoder", () => {
  it("round-trips through our bzip2 reader and compresses", async () => {
    for (const sample of samples) {
      const packed = await through(sample, new Bzip2Encoder());
      expect((await through(packed, createDecompressor("bz2"))).equals(sample)).toBe(true);
    }
    const text = samples[6]!;
    expect((await through(text, new Bzip2Encoder())).length).toBeLessThan(text.length / 20);
  });

  it("writes what the bzip2 tool reads", async () => {
    requireTools("bzip2");
    for (const sample of samples) {
      const packed = await through(sample, new Bzip2Encoder());
      const out = execFileSync("bzip2", ["-d", "-c"], { input: packed, maxBuffer: 1 << 26 });
      expect(out.equals(sample)).toBe(true);
    }
  });
});
