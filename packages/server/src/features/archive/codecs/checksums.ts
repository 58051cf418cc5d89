/** CRC-32C (Castagnoli), reflected polynomial 0x82F63B78: the checksum of the snappy framing format. */
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    crc = (CRC32C_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8)) >>> 0;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The masked CRC the snappy framing format stores (so that CRCs of CRCs stay useful). */
export function maskCrc32c(crc: number): number {
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

const P1 = 2654435761;
const P2 = 2246822519;
const P3 = 3266489917;
const P4 = 668265263;
const P5 = 374761393;

const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;
const mul = (a: number, b: number) => Math.imul(a, b) >>> 0;
const u32 = (d: Uint8Array, i: number) =>
  (d[i]! | (d[i + 1]! << 8) | (d[i + 2]! << 16) | (d[i + 3]! << 24)) >>> 0;
const round = (acc: number, lane: number) => mul(rotl((acc + mul(lane, P2)) >>> 0, 13), P1);

/** Incremental XXH32 (seed 0 by default): LZ4 frame header and content checksums. */
export class Xxh32 {
  private readonly v = new Uint32Array(4);
  private readonly buffer = new Uint8Array(16);
  private buffered = 0;
  private total = 0;

  private readonly seed: number;

  constructor(seed = 0) {
    this.seed = seed;
    this.v[0] = (seed + P1 + P2) >>> 0;
    this.v[1] = (seed + P2) >>> 0;
    this.v[2] = seed >>> 0;
    this.v[3] = (seed - P1) >>> 0;
  }

  update(data: Uint8Array): this {
    this.total += data.length;
    let i = 0;
    if (this.buffered > 0) {
      const take = Math.min(16 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      i = take;
      if (this.buffered < 16) return this;
      this.stripe(this.buffer, 0);
      this.buffered = 0;
    }
    for (; i + 16 <= data.length; i += 16) this.stripe(data, i);
    if (i < data.length) {
      this.buffer.set(data.subarray(i), 0);
      this.buffered = data.length - i;
    }
    return this;
  }

  private stripe(d: Uint8Array, i: number): void {
    const v = this.v;
    v[0] = round(v[0]!, u32(d, i));
    v[1] = round(v[1]!, u32(d, i + 4));
    v[2] = round(v[2]!, u32(d, i + 8));
    v[3] = round(v[3]!, u32(d, i + 12));
  }

  digest(): number {
    const v = this.v;
    let h =
      this.total >= 16
        ? (rotl(v[0]!, 1) + rotl(v[1]!, 7) + rotl(v[2]!, 12) + rotl(v[3]!, 18)) >>> 0
        : (this.seed + P5) >>> 0;
    h = (h + this.total) >>> 0;
    let i = 0;
    for (; i + 4 <= this.buffered; i += 4) {
      h = mul(rotl((h + mul(u32(this.buffer, i), P3)) >>> 0, 17), P4);
    }
    for (; i < this.buffered; i++) {
      h = mul(rotl((h + mul(this.buffer[i]!, P5)) >>> 0, 11), P1);
    }
    h = mul(h ^ (h >>> 15), P2);
    h = mul(h ^ (h >>> 13), P3);
    return (h ^ (h >>> 16)) >>> 0;
  }
}

export const xxh32 = (data: Uint8Array, seed = 0) => new Xxh32(seed).update(data).digest();
