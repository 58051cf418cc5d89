import path from "node:path";
import { isStagingName, STAGING_SUFFIX } from "@scriptorium/shared";
import { badRequest } from "../../errors.js";

/** Limits against archive bombs (API.md Part A §8); `extractLimits` of the app options. */
export interface ExtractLimits {
  /** Entries (files, folders, links) in one archive. */
  maxEntries: number;
  /** Bytes written in all (and bytes decompressed from a compressed tar). */
  maxBytes: number;
  /** Bytes written ÷ archive size, checked once more than 1 MiB has been written. */
  maxRatio: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxEntries: 100_000,
  maxBytes: 50 * 1024 ** 3,
  maxRatio: 1000,
};

const RATIO_FLOOR = 1024 * 1024;

/** The error of a refused archive: 400 with a message, nothing left behind. */
export const refused = (message: string) => badRequest(`The archive was not extracted: ${message}`);

/**
 * The relative path an entry name stands for, "/"-separated; undefined for the root itself
 * ("./"). Absolute names, drive letters, backslashes, NUL and ".." are refused.
 */
export function entryPath(name: string): string | undefined {
  if (name.includes("\0")) throw refused(`the entry "${name}" has a NUL byte in its name`);
  if (name.includes("\\")) throw refused(`the entry "${name}" has a backslash in its name`);
  if (name.startsWith("/")) throw refused(`the entry "${name}" has an absolute path`);
  if (/^[A-Za-z]:/.test(name)) throw refused(`the entry "${name}" has a drive letter`);
  const parts = name.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw refused(`the entry "${name}" climbs out with ".."`);
  if (parts.some(isStagingName)) {
    throw refused(
      `the entry "${name}" has a name ending with "${STAGING_SUFFIX}", which is reserved`,
    );
  }
  return parts.length === 0 ? undefined : parts.join("/");
}

/** A link target must be relative and stay inside the extraction folder. */
export function checkLinkTarget(entry: string, target: string): void {
  const bad = () => refused(`the link "${entry}" points outside the archive ("${target}")`);
  if (target === "" || target.includes("\0") || target.includes("\\")) throw bad();
  if (target.startsWith("/") || /^[A-Za-z]:/.test(target)) throw bad();
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(entry), target));
  const resolved = joined.length > 1 ? joined.replace(/\/+$/, "") : joined;
  if (resolved === ".." || resolved.startsWith("../") || resolved === ".") throw bad();
}

/** At most this many links are followed while resolving one (as the kernel's ELOOP bound). */
const MAX_HOPS = 40;

/**
 * Resolves the link `rel` → `target` as the kernel would once everything is in place, following
 * the archive's other links: the resolved path relative to the extraction folder, or undefined
 * when it climbs above that folder (or loops).
 */
export function resolveThroughLinks(
  links: ReadonlyMap<string, string>,
  rel: string,
  target: string,
): string | undefined {
  if (target.startsWith("/")) return undefined;
  const done: string[] = rel.split("/").slice(0, -1);
  const todo = target.split("/");
  let hops = 0;
  while (todo.length > 0) {
    const part = todo.shift() as string;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (done.length === 0) return undefined;
      done.pop();
      continue;
    }
    done.push(part);
    const through = links.get(done.join("/"));
    if (through === undefined) continue;
    if (++hops > MAX_HOPS || through.startsWith("/")) return undefined;
    done.pop();
    todo.unshift(...through.split("/"));
  }
  return done.join("/");
}

/** An entry name as shown in a message: long names are cut. */
export function shown(name: string): string {
  return name.length > 120 ? `${name.slice(0, 60)}…${name.slice(-40)}` : name;
}

/** Counts entries and bytes of one extraction against the limits. */
export function createTracker(limits: ExtractLimits, archiveSize: number) {
  let entries = 0;
  let written = 0;
  let streamed = 0;
  const checkBytes = (bytes: number, what: string) => {
    if (bytes > limits.maxBytes) {
      throw refused(`it holds more than ${limits.maxBytes} bytes (${what})`);
    }
    if (bytes > RATIO_FLOOR && bytes > limits.maxRatio * Math.max(archiveSize, 1)) {
      throw refused(`its compression ratio is above ${limits.maxRatio} (${what})`);
    }
  };
  return {
    entry(): void {
      if (++entries > limits.maxEntries) {
        throw refused(`it has more than ${limits.maxEntries} entries`);
      }
    },
    /** Bytes written to extracted files. */
    bytes(n: number): void {
      written += n;
      checkBytes(written, "files");
    },
    /** Bytes coming out of the decompressor of a compressed tar (headers and padding too). */
    streamed(n: number): void {
      streamed += n;
      checkBytes(streamed, "decompressed stream");
    },
    /** Sizes an archive declares before anything is read (zip, rar). */
    declared(total: number, count: number): void {
      if (count > limits.maxEntries) throw refused(`it has more than ${limits.maxEntries} entries`);
      checkBytes(total, "declared sizes");
    },
    get written() {
      return written;
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;
