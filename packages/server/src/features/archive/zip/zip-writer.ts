import {
  deflateJobs,
  inOrder,
  type BlockDeflateOptions,
  type DeflateSum,
  type Pending,
} from "../deflate/block-deflate.js";
import {
  centralHeader,
  dataDescriptor,
  endRecords,
  localHeader,
  METHOD_DEFLATE,
  METHOD_STORE,
  type ZipEntryRecord,
} from "./zip-records.js";

/** A folder or a file to put into the zip; a file's bytes are read only when its turn comes. */
export type ZipInput =
  | { kind: "dir"; name: string; mtime: Date; mode: number }
  | {
      kind: "file";
      name: string;
      mtime: Date;
      mode: number;
      /** At most this many bytes will come (the file's size when it was opened). */
      maxSize: number;
      bytes(): AsyncIterable<Buffer> | Iterable<Buffer>;
    };

export interface ZipOptions extends BlockDeflateOptions {
  /** Files from this size on get 64-bit sizes (tests lower it to check the ZIP64 form). */
  zip64From?: number;
}

/** Far enough below 4 GiB that deflate's worst growth cannot cross it. */
const ZIP64_FROM = 0xf000_0000;

/** What the zip writer does between blocks: start an entry, or end a file's data. */
type Step = { start: ZipInput } | { end: DeflateSum };

/** The entries as steps and compression jobs, in archive order; each file read as asked. */
async function* entrySteps(
  inputs: AsyncIterable<ZipInput> | Iterable<ZipInput>,
  level: number | undefined,
): AsyncGenerator<Pending<Step>> {
  for await (const input of inputs) {
    yield { now: { start: input } };
    if (input.kind !== "file") continue;
    const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
    yield* deflateJobs(input.bytes(), sum, level);
    yield { now: { end: sum } };
  }
}

/**
 * A zip file written in one pass as its entries come: each file is deflated in parallel
 * blocks (level 6, like `zip -6`), its CRC and sizes follow its data, and the central directory
 * is written at the end. The blocks of the next files are compressed while a file's last ones
 * finish, so the cores stay busy across files. Memory is a few blocks plus the central
 * directory.
 */
export async function* zipBytes(
  inputs: AsyncIterable<ZipInput> | Iterable<ZipInput>,
  options: ZipOptions = {},
): AsyncGenerator<Buffer> {
  const zip64From = options.zip64From ?? ZIP64_FROM;
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  let entry: ZipEntryRecord | undefined;
  let compressed = 0;
  for await (const item of inOrder(entrySteps(inputs, options.level), options.parallel)) {
    if ("block" in item) {
      offset += item.block.length;
      compressed += item.block.length;
      yield item.block;
    } else if ("start" in item.now) {
      const input = item.now.start;
      const isDir = input.kind === "dir";
      const name = Buffer.from(isDir && !input.name.endsWith("/") ? `${input.name}/` : input.name);
      entry = {
        name,
        method: isDir ? METHOD_STORE : METHOD_DEFLATE,
        mtime: input.mtime,
        mode: input.mode,
        isDir,
        zip64: !isDir && input.maxSize >= zip64From,
        offset,
        crc: 0,
        size: 0,
        compressed: 0,
      };
      compressed = 0;
      const header = localHeader(entry);
      offset += header.length;
      yield header;
      count++;
      // A folder is whole with its header; a file once its data and descriptor are out.
      if (isDir) central.push(centralHeader(entry));
    } else if (entry) {
      Object.assign(entry, { crc: item.now.end.crc, size: item.now.end.size, compressed });
      const descriptor = dataDescriptor(entry);
      offset += descriptor.length;
      yield descriptor;
      central.push(centralHeader(entry));
    }
  }
  const cdOffset = offset;
  let cdSize = 0;
  for (const record of central) {
    cdSize += record.length;
    yield record;
  }
  yield endRecords(count, cdOffset, cdSize);
}
