import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { readZip } from "../../../test/archive-read.js";
import { BLOCK_SIZE } from "../deflate/block-deflate.js";
import { zipBytes, type ZipInput, type ZipOptions } from "./zip-writer.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-zip-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const MTIME = new Date("2024-03-05T10:20:30Z");

function file(name: string, data: Buffer, mode = 0o100644): ZipInput {
  return {
    kind: "file",
    name,
    mtime: MTIME,
    mode,
    maxSize: data.length,
    *bytes() {
      for (let at = 0; at < data.length; at += 50_000) yield data.subarray(at, at + 50_000);
    },
  };
}

async function zipOf(inputs: ZipInput[], options: ZipOptions = {}): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of zipBytes(inputs, options)) out.push(chunk);
  return Buffer.concat(out);
}

/** Python's zipfile reads every entry and checks its CRC: an independent reader of the format. */
async function pythonCheck(zip: Buffer): Promise<string[]> {
  const at = path.join(dir, `check-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(at, zip);
  const script =
    "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\n" +
    "assert bad is None, bad\nprint('\\n'.join(i.filename for i in z.infolist()))";
  const run = spawnSync("python3", ["-c", script, at], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return run.stdout.trim().split("\n");
}

/** Info-ZIP's `unzip -t` (installed by .ci/run) tests every entry's CRC. */
async function unzipCheck(zip: Buffer): Promise<void> {
  const at = path.join(dir, `unzip-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(at, zip);
  const run = spawnSync("unzip", ["-tq", at], { encoding: "utf8" });
  expect(run.stdout + run.stderr).toMatch(/No errors detected/);
  expect(run.status).toBe(0);
}

const SAMPLE = (): ZipInput[] => [
  { kind: "dir", name: "Libro primo", mtime: MTIME, mode: 0o40755 },
  file("Libro primo/prop-1.tex", Buffer.from("\\prop{1} Omnis circulus…\n".repeat(20_000))),
  file("Libro primo/vuoto.txt", Buffer.alloc(0)),
  file("rumore.bin", randomBytes(3 * BLOCK_SIZE + 11), 0o100600),
  file("Città/ε.txt", Buffer.from("ευκλείδης")),
];

describe("zip written in one pass", () => {
  it("holds every entry byte for byte, read by yauzl and by Python's zipfile", async () => {
    const inputs = SAMPLE();
    const zip = await zipOf(inputs);
    const read = await readZip(zip);
    expect([...read.keys()]).toEqual([
      "Libro primo/",
      "Libro primo/prop-1.tex",
      "Libro primo/vuoto.txt",
      "rumore.bin",
      "Città/ε.txt",
    ]);
    for (const input of inputs) {
      if (input.kind !== "file") continue;
      const parts: Buffer[] = [];
      for await (const c of input.bytes()) parts.push(c);
      expect(read.get(input.name)?.equals(Buffer.concat(parts))).toBe(true);
    }
    expect(await pythonCheck(zip)).toEqual([...read.keys()]);
    await unzipCheck(zip);
  });

  it("keeps times (DOS and Unix) and permissions, and deflates text", async () => {
    const zip = await zipOf(SAMPLE());
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      yauzl.fromBuffer(zip, (err, z) => {
        if (err) return reject(err);
        const all: yauzl.Entry[] = [];
        z.on("entry", (e: yauzl.Entry) => all.push(e));
        z.on("end", () => resolve(all));
        z.on("error", reject);
      });
    });
    const byName = new Map(entries.map((e) => [e.fileName, e]));
    const tex = byName.get("Libro primo/prop-1.tex")!;
    expect(tex.compressionMethod).toBe(8);
    expect(tex.compressedSize).toBeLessThan(tex.uncompressedSize / 20);
    expect(tex.getLastModDate({ forceDosFormat: false }).toISOString()).toBe(MTIME.toISOString());
    expect((tex.externalFileAttributes >>> 16) & 0o777).toBe(0o644);
    expect((byName.get("rumore.bin")!.externalFileAttributes >>> 16) & 0o777).toBe(0o600);
    const folder = byName.get("Libro primo/")!;
    expect((folder.externalFileAttributes >>> 16) & 0o170000).toBe(0o040000);
    // Names are UTF-8 (general purpose bit 11).
    expect(byName.get("Città/ε.txt")!.generalPurposeBitFlag & 0x800).toBe(0x800);
  });

  it("writes the ZIP64 form for large files (forced here at 0 bytes), read by both", async () => {
    const zip = await zipOf(SAMPLE(), { zip64From: 0 });
    const read = await readZip(zip);
    expect(read.get("rumore.bin")?.length).toBe(3 * BLOCK_SIZE + 11);
    expect(await pythonCheck(zip)).toHaveLength(5);
    await unzipCheck(zip);
    // The ZIP64 extra field (0x0001) is in the local headers.
    expect(zip.includes(Buffer.from([0x01, 0x00, 0x10, 0x00]))).toBe(true);
  });

  it("writes the ZIP64 end records past 65,534 entries", async () => {
    const inputs: ZipInput[] = [];
    for (let i = 0; i < 66_000; i++) {
      inputs.push({ kind: "dir", name: `d${i}`, mtime: MTIME, mode: 0o40755 });
    }
    inputs.push(file("last.txt", Buffer.from("fine")));
    const zip = await zipOf(inputs);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    const names = await pythonCheck(zip);
    expect(names).toHaveLength(66_001);
    expect(names.at(-1)).toBe("last.txt");
  });
});
