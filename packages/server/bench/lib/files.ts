/** Test data for the transfer figures: incompressible files and a manuscript-like folder. */
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MiB } from "./common.ts";

/** `size` bytes of incompressible data, written in pieces; returns its sha256. */
export async function makeFile(file: string, size: number): Promise<string> {
  const block = randomBytes(64 * MiB);
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let done = 0; done < size;) {
    // A copy per piece (the stream keeps it until written), each marked with its offset so no
    // two pieces of the file are the same.
    const piece = Buffer.from(block.subarray(0, Math.min(block.length, size - done)));
    if (piece.length >= 8) piece.writeDoubleLE(done, 0);
    hash.update(piece);
    done += piece.length;
    if (!out.write(piece)) await once(out, "drain");
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  // On disk before anything is measured: no run competes with this file's writeback.
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * `totalMiB` of files like a manuscript project in `files` entries: three quarters scans
 * (incompressible, 4 MiB each) and the rest TeX sources (text) shared among the other files.
 */
export async function makeCorpus(dir: string, totalMiB: number, files: number): Promise<number> {
  const scans = path.join(dir, "scans");
  const tex = path.join(dir, "tex");
  await mkdir(scans, { recursive: true });
  await mkdir(tex, { recursive: true });
  let made = 0;
  const scanBytes = Math.round(totalMiB * MiB * 0.75);
  for (let done = 0, i = 0; done < scanBytes; i++) {
    const size = Math.min(4 * MiB, scanBytes - done);
    await makeFile(path.join(scans, `folio-${String(i).padStart(4, "0")}r.tif`), size);
    done += size;
    made++;
  }
  const line = (n: number) =>
    `\\Unit{${n}} Arma virumque cano, Troiae qui primus ab oris ${n.toString(36)} Italiam fato\n`;
  const textBytes = totalMiB * MiB - scanBytes;
  const perFile = Math.ceil(textBytes / Math.max(1, files - made));
  for (let done = 0, i = 0; done < textBytes; i++) {
    const parts: string[] = [];
    let length = 0;
    for (let n = i * 4000; length < Math.min(perFile, textBytes - done); n++) {
      const l = line(n);
      parts.push(l);
      length += l.length;
    }
    const data = parts.join("").slice(0, Math.min(perFile, textBytes - done));
    const out = createWriteStream(path.join(tex, `cap${String(i).padStart(4, "0")}.tex`));
    out.end(data);
    await once(out, "finish");
    done += data.length;
    made++;
  }
  return made;
}
