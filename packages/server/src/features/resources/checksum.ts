import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { ChecksumAlgorithm } from "@scriptorium/shared";

/** Lowercase hex digest of a file, streamed: memory stays flat whatever the file size. */
export async function fileChecksum(abs: string, algo: ChecksumAlgorithm): Promise<string> {
  const hash = createHash(algo);
  await pipeline(createReadStream(abs), hash);
  return hash.digest("hex");
}
