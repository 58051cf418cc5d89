/**
 * A run's output, stdout and stderr interleaved in arrival order, kept up to a byte cap. The
 * caller kills the process when `push` reports the cap reached.
 */
export function createOutputBuffer(maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  let capped = false;
  return {
    /** Adds a chunk and answers the part kept: all of it, or what fits before the cap. */
    push(chunk: Buffer): Buffer {
      if (capped) return chunk.subarray(0, 0);
      const room = maxBytes - size;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (chunk.length > room) capped = true;
      chunks.push(kept);
      size += kept.length;
      return kept;
    },
    get capped() {
      return capped;
    },
    text(): string {
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}
