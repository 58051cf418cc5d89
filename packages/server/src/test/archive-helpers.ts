import { spawnSync } from "node:child_process";
import { Readable, Writable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** True when a command-line tool is installed (the tests that use it are skipped otherwise). */
export const hasTool = (name: string) => spawnSync(name, ["--version"]).error === undefined;

/** Pipes `input` through transforms, fed in uneven pieces so block boundaries never line up. */
export async function through(input: Buffer, ...transforms: Transform[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const pieces: Buffer[] = [];
  for (let i = 0, n = 1; i < input.length; i += n, n = (n * 7 + 13) % 100_000) {
    pieces.push(input.subarray(i, i + n));
  }
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline([Readable.from(pieces), ...transforms, sink]);
  return Buffer.concat(chunks);
}
