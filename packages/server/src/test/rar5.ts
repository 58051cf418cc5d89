import { crc32 } from "node:zlib";

/**
 * Builds a RAR 5 archive with stored (uncompressed) entries, following RARLAB's published
 * format description (signature, main header, file headers, end of archive; CRC32 over each
 * header). No RAR compressor can be installed here, and stored entries exercise every part of
 * extraction that is ours: names, folders, sizes, limits, conflicts.
 */
export interface RarEntry {
  name: string;
  data?: Buffer;
  dir?: boolean;
  /** A Unix symbolic link to this target (a file-system redirection record). */
  symlink?: string;
}

function vint(n: number): Buffer {
  const bytes: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    bytes.push(b);
  } while (n > 0);
  return Buffer.from(bytes);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A block: CRC32, size, then `body` (type, flags and fields), then the data area. */
function block(body: Buffer, data?: Buffer): Buffer {
  const size = vint(body.length);
  const crc = u32(crc32(Buffer.concat([size, body])));
  return Buffer.concat([crc, size, body, data ?? Buffer.alloc(0)]);
}

function fileHeader(entry: RarEntry): Buffer {
  const data = entry.dir ? Buffer.alloc(0) : (entry.data ?? Buffer.alloc(0));
  const name = Buffer.from(entry.name, "utf8");
  let extra = Buffer.alloc(0);
  if (entry.symlink !== undefined) {
    const target = Buffer.from(entry.symlink, "utf8");
    const record = Buffer.concat([vint(5), vint(1), vint(0), vint(target.length), target]);
    extra = Buffer.concat([vint(record.length), record]);
  }
  const hasData = data.length > 0;
  const flags = (extra.length > 0 ? 0x0001 : 0) | (hasData ? 0x0002 : 0);
  const fileFlags = (entry.dir ? 0x0001 : 0) | 0x0002 | 0x0004;
  const mode = entry.dir ? 0o40755 : entry.symlink !== undefined ? 0o120777 : 0o100644;
  const body = Buffer.concat([
    vint(2),
    vint(flags),
    extra.length > 0 ? vint(extra.length) : Buffer.alloc(0),
    hasData ? vint(data.length) : Buffer.alloc(0),
    vint(fileFlags),
    vint(data.length),
    vint(mode),
    u32(Math.floor(Date.UTC(2024, 2, 5) / 1000)),
    u32(crc32(data)),
    vint(0), // version 0, stored, smallest dictionary
    vint(1), // Unix
    vint(name.length),
    name,
    extra,
  ]);
  return block(body, hasData ? data : undefined);
}

export function buildRar5(entries: readonly RarEntry[]): Buffer {
  return Buffer.concat([
    Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]),
    block(Buffer.concat([vint(1), vint(0), vint(0)])),
    ...entries.map(fileHeader),
    block(Buffer.concat([vint(5), vint(0), vint(0)])),
  ]);
}
