import { badRequest } from "../../errors.js";
import type { Compression } from "../archive/codecs/index.js";

/** How an archive file is read, chosen from its name (API.md Part A §8). */
export type ArchiveKind =
  | { kind: "zip" }
  | { kind: "rar" }
  | { kind: "tar"; compression?: Compression }
  | { kind: "single"; compression: Compression; output: string };

const TAR_SUFFIXES: [string, Compression | undefined][] = [
  [".tar.gz", "gz"],
  [".tgz", "gz"],
  [".tar.bz2", "bz2"],
  [".tbz2", "bz2"],
  [".tar.xz", "xz"],
  [".txz", "xz"],
  [".tar.lz4", "lz4"],
  [".tlz4", "lz4"],
  [".tar.sz", "sz"],
  [".tsz", "sz"],
  [".tar.br", "br"],
  [".tbr", "br"],
  [".tar.zst", "zst"],
  [".tar", undefined],
];

const SINGLE_SUFFIXES: [string, Compression][] = [
  [".gz", "gz"],
  [".bz2", "bz2"],
  [".xz", "xz"],
  [".br", "br"],
];

/** The reader for a file name, matched case-insensitively; anything else is 400. */
export function archiveKind(name: string): ArchiveKind {
  const lower = name.toLowerCase();
  for (const [suffix, compression] of TAR_SUFFIXES) {
    if (lower.endsWith(suffix)) return compression ? { kind: "tar", compression } : { kind: "tar" };
  }
  if (lower.endsWith(".zip")) return { kind: "zip" };
  if (lower.endsWith(".rar")) return { kind: "rar" };
  for (const [suffix, compression] of SINGLE_SUFFIXES) {
    if (lower.endsWith(suffix) && name.length > suffix.length) {
      return { kind: "single", compression, output: name.slice(0, -suffix.length) };
    }
  }
  throw badRequest(`"${name}" is not an archive that can be extracted`);
}
