import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { ChecksumAlgorithm } from "@scriptorium/shared";
import type { UserFs } from "../../storage/user-fs.js";

/** Lowercase hex digest of a file, streamed: memory stays flat whatever the file size. */
export async function fileChecksum(
  fs: UserFs,
  abs: string,
  algo: ChecksumAlgorithm,
): Promise<string> {
  const hash = createHash(algo);
  await pipeline(await fs.readStream(abs), hash);
  return hash.digest("hex");
}
