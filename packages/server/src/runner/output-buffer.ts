/**
 * A run's output, stdout and stderr interleaved in arrival order, kept up to a byte cap. The
 * caller kills the process when `push` reports the cap reached.
 */
export function createOutputBuffer(maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  let capped = false;
  return {
    /** Adds a chunk; false once the cap is reached (the rest is dropped). */
    push(chunk: Buffer): boolean {
      if (capped) return false;
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        capped = true;
        return false;
      }
      chunks.push(chunk);
      size += chunk.length;
      return true;
    },
    get capped() {
      return capped;
    },
    text(): string {
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}
