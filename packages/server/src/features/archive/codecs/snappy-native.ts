import type { SnappyBlocks } from "./snappy-frame.js";

/**
 * Google's snappy and a CRC-32C, both native (napi-rs bindings whose binaries come inside the
 * npm packages): one 64 KiB block takes well under a millisecond, so the framing runs on the
 * event loop. Loaded at the first `.sz` (codecs/index.ts `loadCodecs`); undefined when a
 * binding cannot be loaded, and `.sz` then goes to the worker threads in JavaScript.
 */
export async function loadNativeSnappy(): Promise<SnappyBlocks | undefined> {
  const native = await Promise.all([import("snappy"), import("@node-rs/crc32")]).catch(
    () => undefined,
  );
  return (
    native && {
      compress: (block) => native[0].compressSync(block),
      uncompress: (block) => native[0].uncompressSync(block, { asBuffer: true }) as Buffer,
      crc32c: (data) => native[1].crc32c(data),
    }
  );
}
