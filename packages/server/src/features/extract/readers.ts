import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import yauzl from "yauzl";
import { AppError } from "../../errors.js";
import { createDecompressor, loadCodecs, type Compression } from "../archive/codecs/index.js";
import { entryPath, refused, type Tracker } from "../../storage/extraction/policy.js";
import type { Staging } from "../../storage/extraction/staging.js";

/** Called with the top-level names once an archive's listing is known (zip, rar). */
export type Precheck = (topNames: string[]) => Promise<void>;

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

/** Top-level names of entry paths (unsafe names throw, the root is left out). */
export function topNames(names: Iterable<string>): string[] {
  const tops = new Set<string>();
  for (const name of names) {
    const rel = entryPath(name);
    if (rel !== undefined) tops.add(rel.split("/")[0]!);
  }
  return [...tops];
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

function listZip(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", reject);
    zip.readEntry();
  });
}

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

async function readSmall(stream: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) throw refused("a link target is too long");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** ZIP (yauzl): the central directory is read first, so names, sizes and conflicts are checked before any byte is written. */
export async function extractZip(
  file: string,
  staging: Staging,
  tracker: Tracker,
  precheck: Precheck,
): Promise<void> {
  const zip = await openZip(file);
  try {
    const entries = await listZip(zip);
    tracker.declared(
      entries.reduce((sum, e) => sum + e.uncompressedSize, 0),
      entries.length,
    );
    await precheck(topNames(entries.map((e) => e.fileName)));
    for (const entry of entries) {
      const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
      const type = unixMode & S_IFMT;
      const meta = { mode: unixMode & 0o777 || undefined, mtime: entry.getLastModDate() };
      if (entry.fileName.endsWith("/") || type === S_IFDIR) {
        await staging.dir(entry.fileName, meta);
      } else if (type === S_IFLNK) {
        staging.link(entry.fileName, await readSmall(await openEntry(zip, entry), 4096));
      } else if (type === 0 || type === S_IFREG) {
        await staging.file(entry.fileName, () => openEntry(zip, entry), meta);
      } else {
        tracker.entry();
      }
    }
  } finally {
    zip.close();
  }
}

/** Counts the bytes coming out of a decompressor (bombs made of padding or headers). */
function streamCounter(tracker: Tracker): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        tracker.streamed(chunk.length);
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

/** The first refusal (AppError) among failures, else the first failure. */
function firstFailure(results: PromiseSettledResult<unknown>[]): Error | undefined {
  const reasons = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
  return reasons.find((r) => r instanceof AppError) ?? reasons[0];
}

/** tar, plain or compressed (tar-stream): entries are staged as the stream goes by. */
export async function extractTar(
  open: () => Readable,
  compression: Compression | undefined,
  staging: Staging,
  tracker: Tracker,
): Promise<void> {
  const extract = tar.extract();
  const consume = async () => {
    for await (const entry of extract) {
      const h = entry.header;
      const meta = { mode: h.mode, mtime: h.mtime };
      switch (h.type) {
        case "file":
        case "contiguous-file":
          await staging.file(h.name, entry as unknown as Readable, meta);
          continue;
        case "directory":
          await staging.dir(h.name, meta);
          break;
        case "symlink":
          staging.link(h.name, h.linkname ?? "");
          break;
        case "link":
          await staging.hardLink(h.name, h.linkname ?? "", meta);
          break;
        default:
          tracker.entry();
      }
      entry.resume();
    }
  };
  if (compression) await loadCodecs(compression);
  const stages = compression ? [createDecompressor(compression), streamCounter(tracker)] : [];
  const results = await Promise.allSettled([
    pipeline([open(), ...stages, extract as unknown as NodeJS.WritableStream]),
    consume(),
  ]);
  const failure = firstFailure(results);
  if (failure) throw failure;
}

/** A single compressed file (x.gz, x.bz2, x.xz, x.br) becomes `output`. */
export async function extractSingle(
  open: () => Readable,
  compression: Compression,
  output: string,
  staging: Staging,
  precheck: Precheck,
): Promise<void> {
  await precheck([output]);
  await loadCodecs(compression);
  const source = open();
  const decompressor = createDecompressor(compression);
  source.on("error", (err) => decompressor.destroy(err));
  await staging.file(output, source.pipe(decompressor));
}
