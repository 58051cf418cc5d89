import { BlockEncoder } from "./chunker.js";

/**
 * A streaming bzip2 compressor (no npm package compresses bzip2 under a permissive licence).
 * Each input block goes through the steps of the format: run-length encoding, the
 * Burrows–Wheeler transform (prefix doubling over the cyclic rotations), move-to-front with
 * RUNA/RUNB zero runs, and Huffman coding. One code table serves every group of 50 symbols
 * (the format asks for at least two, so the second is a copy): smaller and simpler than
 * bzip2's table optimisation, a few percent larger output, and what any bzip2 reader accepts.
 */
const LEVEL = 9;
/** Raw bytes per block: run-length encoding grows data by at most 5/4, and a block holds 900,000 − 19. */
const RAW_BLOCK = Math.floor((LEVEL * 100_000 - 19) / 1.25);
const MAX_CODE_LENGTH = 17;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

function blockCrc(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ data[i]!) & 0xff]!) >>> 0;
  }
  return ~crc >>> 0;
}

class BitWriter {
  private readonly chunks: Buffer[] = [];
  private buf = Buffer.alloc(1 << 16);
  private pos = 0;
  private acc = 0;
  private bits = 0;

  write(count: number, value: number): void {
    for (let i = count - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.bits === 8) this.byte();
    }
  }

  private byte(): void {
    if (this.pos === this.buf.length) {
      this.chunks.push(this.buf);
      this.buf = Buffer.alloc(1 << 16);
      this.pos = 0;
    }
    this.buf[this.pos++] = this.acc & 0xff;
    this.acc = 0;
    this.bits = 0;
  }

  /** Whole bytes written so far; the unfinished byte stays for the next call. */
  take(): Buffer {
    const out = Buffer.concat([...this.chunks, this.buf.subarray(0, this.pos)]);
    this.chunks.length = 0;
    this.buf = Buffer.alloc(1 << 16);
    this.pos = 0;
    return out;
  }

  /** Pads the last byte with zero bits. */
  flush(): void {
    if (this.bits > 0) this.write(8 - this.bits, 0);
  }
}

/** bzip2's first run-length encoding: runs of 4–255 equal bytes become 4 bytes and a count. */
function runLengthEncode(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length * 1.25) + 1);
  let o = 0;
  for (let i = 0; i < data.length;) {
    const b = data[i]!;
    let run = 1;
    while (run < 255 && i + run < data.length && data[i + run] === b) run++;
    if (run >= 4) {
      out.fill(b, o, o + 4);
      out[o + 4] = run - 4;
      o += 5;
    } else {
      out.fill(b, o, o + run);
      o += run;
    }
    i += run;
  }
  return out.subarray(0, o);
}

/** Sorted order of the cyclic rotations of `s` (prefix doubling with counting sorts). */
function sortRotations(s: Uint8Array): Int32Array {
  const n = s.length;
  const sa = new Int32Array(n);
  const tmp = new Int32Array(n);
  let rank = new Int32Array(n);
  const count = new Int32Array(Math.max(256, n) + 1);
  for (let i = 0; i < n; i++) count[s[i]! + 1]!++;
  for (let i = 1; i <= 256; i++) count[i]! += count[i - 1]!;
  for (let i = 0; i < n; i++) sa[count[s[i]!]!++] = i;
  rank[sa[0]!] = 0;
  let classes = 1;
  for (let i = 1; i < n; i++) {
    if (s[sa[i]!] !== s[sa[i - 1]!]) classes++;
    rank[sa[i]!] = classes - 1;
  }
  let newRank = new Int32Array(n);
  for (let k = 1; k < n && classes < n; k <<= 1) {
    // Ordered by the second half already: shift the current order back by k.
    for (let i = 0; i < n; i++) {
      const j = sa[i]! - k;
      tmp[i] = j < 0 ? j + n : j;
    }
    count.fill(0, 0, classes + 1);
    for (let i = 0; i < n; i++) count[rank[tmp[i]!]! + 1]!++;
    for (let i = 1; i <= classes; i++) count[i]! += count[i - 1]!;
    for (let i = 0; i < n; i++) {
      const j = tmp[i]!;
      sa[count[rank[j]!]!++] = j;
    }
    newRank[sa[0]!] = 0;
    classes = 1;
    for (let i = 1; i < n; i++) {
      const a = sa[i]!;
      const b = sa[i - 1]!;
      let a2 = a + k;
      if (a2 >= n) a2 -= n;
      let b2 = b + k;
      if (b2 >= n) b2 -= n;
      if (rank[a] !== rank[b] || rank[a2] !== rank[b2]) classes++;
      newRank[a] = classes - 1;
    }
    [rank, newRank] = [newRank, rank];
  }
  return sa;
}

/** Code lengths (1..MAX_CODE_LENGTH) for symbol frequencies, by Huffman's algorithm. */
function codeLengths(freq: readonly number[]): number[] {
  const weights = freq.map((f) => Math.max(1, f));
  for (;;) {
    const lengths = huffmanLengths(weights);
    if (Math.max(...lengths) <= MAX_CODE_LENGTH) return lengths;
    for (let i = 0; i < weights.length; i++) weights[i] = 1 + Math.floor(weights[i]! / 2);
  }
}

function huffmanLengths(weights: readonly number[]): number[] {
  type Node = { weight: number; symbols: number[] };
  const lengths = weights.map(() => 0);
  let nodes: Node[] = weights.map((weight, i) => ({ weight, symbols: [i] }));
  while (nodes.length > 1) {
    nodes.sort((a, b) => a.weight - b.weight);
    const [a, b] = nodes as [Node, Node];
    for (const s of [...a.symbols, ...b.symbols]) lengths[s]!++;
    nodes = [
      { weight: a.weight + b.weight, symbols: [...a.symbols, ...b.symbols] },
      ...nodes.slice(2),
    ];
  }
  return lengths;
}

export class Bzip2Encoder extends BlockEncoder {
  private readonly bits = new BitWriter();
  private combinedCrc = 0;

  constructor() {
    super(RAW_BLOCK);
  }

  protected override header(): Buffer {
    return Buffer.from(`BZh${LEVEL}`, "latin1");
  }

  protected override encode(raw: Buffer): Buffer {
    if (raw.length === 0) return Buffer.alloc(0);
    const crc = blockCrc(raw);
    this.combinedCrc = (((this.combinedCrc << 1) | (this.combinedCrc >>> 31)) ^ crc) >>> 0;
    this.writeBlock(runLengthEncode(raw), crc);
    return this.bits.take();
  }

  protected override trailer(): Buffer {
    const w = this.bits;
    w.write(24, 0x177245);
    w.write(24, 0x385090);
    w.write(32, this.combinedCrc);
    w.flush();
    return w.take();
  }

  private writeBlock(block: Uint8Array, crc: number): void {
    const n = block.length;
    const sa = sortRotations(block);
    const w = this.bits;
    w.write(24, 0x314159);
    w.write(24, 0x265359);
    w.write(32, crc);
    w.write(1, 0);
    w.write(24, sa.indexOf(0));

    const used = new Array<boolean>(256).fill(false);
    for (let i = 0; i < n; i++) used[block[i]!] = true;
    const unseqToSeq = new Int32Array(256);
    let inUse = 0;
    for (let b = 0; b < 256; b++) if (used[b]) unseqToSeq[b] = inUse++;
    let ranges = 0;
    for (let r = 0; r < 16; r++)
      if (used.slice(r * 16, r * 16 + 16).some(Boolean)) ranges |= 1 << (15 - r);
    w.write(16, ranges);
    for (let r = 0; r < 16; r++) {
      if (!(ranges & (1 << (15 - r)))) continue;
      for (let b = 0; b < 16; b++) w.write(1, used[r * 16 + b] ? 1 : 0);
    }

    const symbols = this.moveToFront(block, sa, unseqToSeq, inUse);
    const alphaSize = inUse + 2;
    const freq = new Array<number>(alphaSize).fill(0);
    for (const s of symbols) freq[s]!++;
    const lengths = codeLengths(freq);
    const codes = new Array<number>(alphaSize).fill(0);
    let code = 0;
    for (let len = 1; len <= MAX_CODE_LENGTH; len++) {
      for (let s = 0; s < alphaSize; s++) if (lengths[s] === len) codes[s] = code++;
      code <<= 1;
    }

    const selectors = Math.ceil(symbols.length / 50);
    w.write(3, 2);
    w.write(15, selectors);
    for (let i = 0; i < selectors; i++) w.write(1, 0);
    for (let table = 0; table < 2; table++) {
      let current = lengths[0]!;
      w.write(5, current);
      for (let s = 0; s < alphaSize; s++) {
        const target = lengths[s]!;
        while (current < target) {
          w.write(2, 2);
          current++;
        }
        while (current > target) {
          w.write(2, 3);
          current--;
        }
        w.write(1, 0);
      }
    }
    for (const s of symbols) w.write(lengths[s]!, codes[s]!);
  }

  /** Move-to-front of the transformed block, zero runs as RUNA/RUNB, then end of block. */
  private moveToFront(
    block: Uint8Array,
    sa: Int32Array,
    unseqToSeq: Int32Array,
    inUse: number,
  ): number[] {
    const n = block.length;
    const order = Uint8Array.from({ length: inUse }, (_, i) => i);
    const out: number[] = [];
    let zeros = 0;
    const flushZeros = () => {
      if (zeros === 0) return;
      let z = zeros - 1;
      for (;;) {
        out.push(z & 1);
        if (z < 2) break;
        z = (z - 2) >> 1;
      }
      zeros = 0;
    };
    for (let i = 0; i < n; i++) {
      const j = sa[i]! - 1;
      const seq = unseqToSeq[block[j < 0 ? n - 1 : j]!]!;
      if (order[0] === seq) {
        zeros++;
        continue;
      }
      flushZeros();
      let pos = 1;
      while (order[pos] !== seq) pos++;
      order.copyWithin(1, 0, pos);
      order[0] = seq;
      out.push(pos + 1);
    }
    flushZeros();
    out.push(inUse + 1);
    return out;
  }
}
