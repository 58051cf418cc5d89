import {
  deflateBlocks,
  type BlockDeflateOptions,
  type DeflateSum,
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

/**
 * A zip file written in one pass as its entries come: each file is deflated in parallel
 * blocks (level 6, like `zip -6`), its CRC and sizes follow its data, and the central directory
 * is written at the end. Memory is a few blocks plus the central directory.
 */
export async function* zipBytes(
  inputs: AsyncIterable<ZipInput> | Iterable<ZipInput>,
  options: ZipOptions = {},
): AsyncGenerator<Buffer> {
  const zip64From = options.zip64From ?? ZIP64_FROM;
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const input of inputs) {
    const isDir = input.kind === "dir";
    const name = Buffer.from(isDir && !input.name.endsWith("/") ? `${input.name}/` : input.name);
    const entry: ZipEntryRecord = {
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
    const header = localHeader(entry);
    offset += header.length;
    yield header;
    if (input.kind === "file") {
      const sum: DeflateSum = { crc: 0, size: 0, compressed: 0 };
      for await (const block of deflateBlocks(input.bytes(), sum, options)) {
        offset += block.length;
        yield block;
      }
      Object.assign(entry, sum);
      const descriptor = dataDescriptor(entry);
      offset += descriptor.length;
      yield descriptor;
    }
    central.push(centralHeader(entry));
    count++;
  }
  const cdOffset = offset;
  let cdSize = 0;
  for (const record of central) {
    cdSize += record.length;
    yield record;
  }
  yield endRecords(count, cdOffset, cdSize);
}
