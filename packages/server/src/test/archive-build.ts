import zlib from "node:zlib";
import tar from "tar-stream";
import yazl from "yazl";
import {
  createCompressor,
  loadCodecs,
  type Compression,
} from "../features/archive/codecs/index.js";
import { through } from "./archive-helpers.js";

// The native codecs (xz, snappy) load on demand in the server; tests use them directly.
await loadCodecs();

/** An entry of an archive built by a test. */
export interface TestEntry {
  name: string;
  data?: Buffer | string;
  dir?: boolean;
  symlink?: string;
  /** tar only: a hard link to this name. */
  hardlink?: string;
  mode?: number;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A zip built with yazl. yazl refuses unsafe names, so an unsafe name is written as a
 * placeholder of the same length and patched into the bytes afterwards (names are not covered
 * by any checksum).
 */
export async function makeZip(entries: readonly TestEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: [Buffer, Buffer][] = [];
  entries.forEach((entry, i) => {
    let name = entry.name;
    if (/(^|\/)\.\.(\/|$)|^\/|\\/.test(name)) {
      const placeholder = `${"Q".repeat(Math.max(0, Buffer.byteLength(name) - 3))}${String(i).padStart(3, "0")}`;
      patches.push([Buffer.from(placeholder), Buffer.from(name)]);
      name = placeholder;
    }
    if (entry.dir) zip.addEmptyDirectory(name);
    else if (entry.symlink !== undefined) {
      zip.addBuffer(Buffer.from(entry.symlink), name, { mode: 0o120777 });
    } else {
      const data = Buffer.from(entry.data ?? "");
      zip.addBuffer(data, name, { mode: entry.mode ?? 0o100644 });
    }
  });
  zip.end();
  const bytes = await collect(zip.outputStream);
  for (const [from, to] of patches) {
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1))
      to.copy(bytes, at);
  }
  return bytes;
}

/** A tar built with tar-stream (which writes any name it is given), optionally compressed. */
export async function makeTar(
  entries: readonly TestEntry[],
  compression?: Compression,
): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) {
    if (entry.dir) pack.entry({ name: entry.name, type: "directory" });
    else if (entry.symlink !== undefined) {
      pack.entry({ name: entry.name, type: "symlink", linkname: entry.symlink });
    } else if (entry.hardlink !== undefined) {
      pack.entry({ name: entry.name, type: "link", linkname: entry.hardlink });
    } else
      pack.entry({ name: entry.name, mode: entry.mode ?? 0o644 }, Buffer.from(entry.data ?? ""));
  }
  pack.finalize();
  const plain = await collect(pack as unknown as NodeJS.ReadableStream);
  return compression ? compress(plain, compression) : plain;
}

/** Compresses bytes as a file of that kind would be. */
export function compress(data: Buffer, compression: Compression): Promise<Buffer> {
  switch (compression) {
    case "br":
      return Promise.resolve(zlib.brotliCompressSync(data));
    case "zst":
      return Promise.resolve(zlib.zstdCompressSync(data));
    default:
      return through(data, createCompressor(compression));
  }
}
