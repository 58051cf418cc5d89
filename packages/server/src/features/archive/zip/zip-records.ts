/**
 * The records of a zip file (APPNOTE 6.3) written in one pass: each entry's local header says
 * "sizes follow" (bit 3) and a data descriptor after its data gives them; the central directory
 * and its end record close the file, in ZIP64 form where a size, an offset or the count needs it.
 */

const UTF8_NAMES = 1 << 11;
const SIZES_FOLLOW = 1 << 3;
const MADE_BY_UNIX = (3 << 8) | 63;
const U32_MAX = 0xffffffff;

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;

/** One entry as the central directory will describe it. */
export interface ZipEntryRecord {
  name: Buffer;
  method: number;
  mtime: Date;
  mode: number;
  isDir: boolean;
  /** The local header, and the data descriptor, carry 64-bit sizes. */
  zip64: boolean;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

/** MS-DOS date and time (local time, 2-second steps, 1980 to 2107). */
function dosDateTime(date: Date): { date: number; time: number } {
  let year = date.getFullYear();
  if (Number.isNaN(year) || year < 1980) return { date: (1 << 5) | 1, time: 0 };
  year = Math.min(year, 2107);
  return {
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
  };
}

/** The extended timestamp field (0x5455): the modification time in Unix seconds, UTC. */
function timestampField(mtime: Date): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < -(2 ** 31) || seconds >= 2 ** 31) {
    return Buffer.alloc(0);
  }
  const field = Buffer.alloc(9);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(1, 4);
  field.writeInt32LE(seconds, 5);
  return field;
}

function versionNeeded(entry: ZipEntryRecord): number {
  return entry.zip64 ? 45 : 20;
}

function flags(entry: ZipEntryRecord): number {
  return UTF8_NAMES | (entry.isDir ? 0 : SIZES_FOLLOW);
}

/** The local header; a file's CRC and sizes come in its data descriptor. */
export function localHeader(entry: ZipEntryRecord): Buffer {
  const { date, time } = dosDateTime(entry.mtime);
  const zip64Field = entry.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (entry.zip64) {
    zip64Field.writeUInt16LE(0x0001, 0);
    zip64Field.writeUInt16LE(16, 2);
  }
  const extra = Buffer.concat([zip64Field, timestampField(entry.mtime)]);
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(versionNeeded(entry), 4);
  head.writeUInt16LE(flags(entry), 6);
  head.writeUInt16LE(entry.method, 8);
  head.writeUInt16LE(time, 10);
  head.writeUInt16LE(date, 12);
  // CRC 0; sizes 0 (or 0xffffffff and the ZIP64 field) until the descriptor.
  head.writeUInt32LE(entry.zip64 ? U32_MAX : 0, 18);
  head.writeUInt32LE(entry.zip64 ? U32_MAX : 0, 22);
  head.writeUInt16LE(entry.name.length, 26);
  head.writeUInt16LE(extra.length, 28);
  return Buffer.concat([head, entry.name, extra]);
}

/** The data descriptor after a file's data. */
export function dataDescriptor(entry: ZipEntryRecord): Buffer {
  const out = Buffer.alloc(entry.zip64 ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(entry.crc >>> 0, 4);
  if (entry.zip64) {
    out.writeBigUInt64LE(BigInt(entry.compressed), 8);
    out.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    out.writeUInt32LE(entry.compressed, 8);
    out.writeUInt32LE(entry.size, 12);
  }
  return out;
}

/** The entry's central directory header. */
export function centralHeader(entry: ZipEntryRecord): Buffer {
  const { date, time } = dosDateTime(entry.mtime);
  const wide = entry.zip64 || entry.offset >= U32_MAX;
  const zip64Field = Buffer.alloc(wide ? 28 : 0);
  if (wide) {
    zip64Field.writeUInt16LE(0x0001, 0);
    zip64Field.writeUInt16LE(24, 2);
    zip64Field.writeBigUInt64LE(BigInt(entry.size), 4);
    zip64Field.writeBigUInt64LE(BigInt(entry.compressed), 12);
    zip64Field.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const extra = Buffer.concat([zip64Field, timestampField(entry.mtime)]);
  const typeBits = entry.isDir ? 0o040000 : 0o100000;
  const mode = (entry.mode & 0o7777) | typeBits;
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(MADE_BY_UNIX, 4);
  head.writeUInt16LE(wide ? 45 : versionNeeded(entry), 6);
  head.writeUInt16LE(flags(entry), 8);
  head.writeUInt16LE(entry.method, 10);
  head.writeUInt16LE(time, 12);
  head.writeUInt16LE(date, 14);
  head.writeUInt32LE(entry.crc >>> 0, 16);
  head.writeUInt32LE(wide ? U32_MAX : entry.compressed, 20);
  head.writeUInt32LE(wide ? U32_MAX : entry.size, 24);
  head.writeUInt16LE(entry.name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  // Comment length, disk number and internal attributes stay 0.
  head.writeUInt32LE(((mode << 16) | (entry.isDir ? 0x10 : 0)) >>> 0, 38);
  head.writeUInt32LE(wide ? U32_MAX : entry.offset, 42);
  return Buffer.concat([head, entry.name, extra]);
}

/** The end of the central directory, with the ZIP64 end record and locator when needed. */
export function endRecords(count: number, cdOffset: number, cdSize: number): Buffer {
  const wide = count >= 0xffff || cdOffset >= U32_MAX || cdSize >= U32_MAX;
  const parts: Buffer[] = [];
  if (wide) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(MADE_BY_UNIX, 12);
    record.writeUInt16LE(45, 14);
    // Disk numbers stay 0.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(wide ? 0xffff : count, 8);
  end.writeUInt16LE(wide ? 0xffff : count, 10);
  end.writeUInt32LE(wide ? U32_MAX : cdSize, 12);
  end.writeUInt32LE(wide ? U32_MAX : cdOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}
