import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import yauzl from "yauzl";
import {
  createDecompressor,
  loadCodecs,
  type Compression,
} from "../features/archive/codecs/index.js";

// The native codecs (xz, snappy) load on demand in the server; tests use them directly.
await loadCodecs();

/** What an archive holds: file name → content, folder name (with "/") → null. */
export type ArchiveContents = Map<string, Buffer | null>;

export function readZip(data: Buffer): Promise<ArchiveContents> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: ArchiveContents = new Map();
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) {
          out.set(entry.fileName, null);
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

export async function readTar(data: Buffer, compression?: Compression): Promise<ArchiveContents> {
  const out: ArchiveContents = new Map();
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: unknown) => chunks.push(c as Buffer));
    stream.on("end", () => {
      out.set(
        header.type === "directory" ? header.name.replace(/\/?$/, "/") : header.name,
        header.type === "directory" ? null : Buffer.concat(chunks),
      );
      next();
    });
  });
  const stages = compression ? [createDecompressor(compression)] : [];
  await pipeline([Readable.from([data]), ...stages, extract]);
  return out;
}

const COMPRESSION: Record<string, Compression | undefined> = {
  targz: "gz",
  tarbz2: "bz2",
  tarxz: "xz",
  tarlz4: "lz4",
  tarsz: "sz",
};

/** Reads an archive downloaded with `algo`. */
export function readArchive(data: Buffer, algo: string): Promise<ArchiveContents> {
  return algo === "zip" ? readZip(data) : readTar(data, COMPRESSION[algo]);
}
