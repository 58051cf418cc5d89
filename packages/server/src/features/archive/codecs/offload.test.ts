import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { requireTools, through } from "../../../test/archive-helpers.js";
import { createCompressor, createDecompressor, loadCodecs } from "./index.js";
import type { CodecBackend } from "./offload.js";

await loadCodecs();

const text = Buffer.from("Arma virumque cano, Troiae qui primus ab oris\n".repeat(20_000));
const samples = [Buffer.alloc(0), Buffer.from("a"), randomBytes(300_000), text];
const BACKENDS: CodecBackend[] = ["program", "worker"];
const TOOL_CHECK = { bz2: ["bzip2", "-t"], lz4: ["lz4", "-t"] } as const;
const TOOL_MAKE = { bz2: ["bzip2", "-c"], lz4: ["lz4", "-c"] } as const;

/** The command names of this process's children (from /proc). */
async function children(): Promise<string[]> {
  const names: string[] = [];
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match && Number(match[2]) === process.pid) names.push(match[1]!);
  }
  return names;
}

describe.each(BACKENDS)("codecs off the event loop (%s)", (backend) => {
  it.each(["bz2", "lz4"] as const)(
    "%s round-trips and agrees with the standard tool",
    async (kind) => {
      requireTools("bzip2", "lz4");
      for (const sample of samples) {
        const packed = await through(sample, createCompressor(kind, { backend }));
        const [tool, ...check] = TOOL_CHECK[kind];
        execFileSync(tool, check, { input: packed, maxBuffer: 1 << 26 }); // throws unless valid
        expect((await through(packed, createDecompressor(kind, { backend }))).equals(sample)).toBe(
          true,
        );
        const [maker, ...args] = TOOL_MAKE[kind];
        const made = execFileSync(maker, args, { input: sample, maxBuffer: 1 << 26 });
        expect((await through(made, createDecompressor(kind, { backend }))).equals(sample)).toBe(
          true,
        );
      }
    },
  );

  it("snappy frames round-trip", async () => {
    for (const sample of samples) {
      const packed = await through(sample, createCompressor("sz", { backend }));
      expect((await through(packed, createDecompressor("sz", { backend }))).equals(sample)).toBe(
        true,
      );
    }
  });

  it.each(["bz2", "lz4", "sz"] as const)("%s refuses corrupt input", async (kind) => {
    const packed = await through(text, createCompressor(kind, { backend }));
    const bad = Buffer.from(packed);
    for (let i = 40; i < 60; i++) bad[i] = bad[i]! ^ 0x5a;
    await expect(through(bad, createDecompressor(kind, { backend }))).rejects.toThrow();
    await expect(
      through(packed.subarray(0, packed.length >> 1), createDecompressor(kind, { backend })),
    ).rejects.toThrow();
  });

  it.each(["bz2", "lz4", "sz"] as const)("%s stops when its consumer goes away", async (kind) => {
    const compressor = createCompressor(kind, { backend });
    const endless = new Readable({
      read() {
        this.push(randomBytes(65_536));
      },
    });
    let seen = 0;
    compressor.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 0) compressor.destroy();
    });
    await expect(pipeline(endless, compressor)).rejects.toThrow(/premature close|aborted/i);
    // The program was killed.
    const program = { bz2: "bzip2", lz4: "lz4", sz: "" }[kind];
    for (let i = 0; program && (await children()).includes(program); i++) {
      if (i > 100) throw new Error(`${program} still runs after its stream was destroyed`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The backend is still usable afterwards.
    const packed = await through(text, createCompressor(kind, { backend }));
    expect((await through(packed, createDecompressor(kind, { backend }))).equals(text)).toBe(true);
  });
});
