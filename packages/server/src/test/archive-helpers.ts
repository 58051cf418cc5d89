import { spawnSync } from "node:child_process";
import { Readable, Writable, type Duplex } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * The standard tools the archive tests check our output with, and the Debian package of each
 * (`.ci/run` installs them). Snappy's framing format has no Debian tool that works here, so
 * the tests read it with the snappystream package's decoder (Google's snappy through napi-rs).
 */
export const TOOLS = {
  tar: { package: "tar", probe: ["tar", "--version"] },
  gzip: { package: "gzip", probe: ["gzip", "--version"] },
  unzip: { package: "unzip", probe: ["unzip", "-v"] },
  zip: { package: "zip", probe: ["zip", "-v"] },
  bzip2: { package: "bzip2", probe: ["bzip2", "--help"] },
  xz: { package: "xz-utils", probe: ["xz", "--version"] },
  lz4: { package: "lz4", probe: ["lz4", "--version"] },
  diff: { package: "diffutils", probe: ["diff", "--version"] },
  cmp: { package: "diffutils", probe: ["cmp", "--version"] },
} as const;

export type Tool = keyof typeof TOOLS;

/**
 * Fails (never skips) when a tool is missing, naming the Debian package that brings it.
 */
export function requireTools(...names: Tool[]): void {
  const missing = names.filter((name) => {
    const [command, ...args] = TOOLS[name].probe;
    const run = spawnSync(command, args, { stdio: "ignore" });
    return run.error !== undefined || run.status !== 0;
  });
  if (missing.length) {
    const packages = [...new Set(missing.map((name) => TOOLS[name].package))].join(" ");
    throw new Error(
      `missing tool${missing.length > 1 ? "s" : ""} ${missing.join(", ")}: ` +
        `install the Debian package${packages.includes(" ") ? "s" : ""} with ` +
        `\`apt-get install ${packages}\` (.ci/run does this when they are missing)`,
    );
  }
}

/** Pipes `input` through transforms, fed in uneven pieces so block boundaries never line up. */
export async function through(input: Buffer, ...transforms: Duplex[]): Promise<Buffer> {
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
