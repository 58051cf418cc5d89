import { constants } from "node:fs";
import { access, lstat, mkdtemp, readdir, readlink, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * What the runner reads of the machine itself (never of user files): where programs are, how
 * the system folders are laid out, and a private HOME for an unsandboxed run.
 */

/** The system's program folders: the end of every run's PATH, and where shell and hook programs are found. */
export const SYSTEM_BIN = ["/usr/local/bin", "/usr/bin", "/bin"];

/** True when `file` is a regular file this process may execute. */
export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The absolute path of `name` in the first of `folders` that has it, or undefined. */
export async function findExecutable(
  name: string,
  folders: readonly string[],
): Promise<string | undefined> {
  if (path.isAbsolute(name)) return (await isExecutable(name)) ? name : undefined;
  if (name.includes("/") || name === "." || name === "..") return undefined;
  for (const folder of folders) {
    if (!path.isAbsolute(folder)) continue;
    const candidate = path.join(folder, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** When `file` (a program) was last modified (ms), or undefined when it is gone. */
export async function modifiedAt(file: string): Promise<number | undefined> {
  return (await stat(file).catch(() => undefined))?.mtimeMs;
}

/**
 * How many files a folder of the server holds at its top (a support folder the admin named),
 * or undefined when it is not an absolute, readable folder.
 */
export async function filesInFolder(folder: string): Promise<number | undefined> {
  if (!path.isAbsolute(folder)) return undefined;
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return undefined;
  }
}

export type SystemEntry =
  { kind: "dir"; path: string } | { kind: "link"; path: string; target: string };

/** The system folders a sandbox shows read-only, as this machine has them (links kept links). */
export async function systemEntries(candidates: readonly string[]): Promise<SystemEntry[]> {
  const out: SystemEntry[] = [];
  for (const candidate of candidates) {
    const info = await lstat(candidate).catch(() => undefined);
    if (!info) continue;
    if (info.isSymbolicLink())
      out.push({ kind: "link", path: candidate, target: await readlink(candidate) });
    else if (info.isDirectory()) out.push({ kind: "dir", path: candidate });
  }
  return out;
}

/**
 * The first program of every run: bash closes every descriptor above 2 that the program would
 * inherit (from the server's parent, a library, bubblewrap), then becomes the program (`exec`,
 * argv untouched). `-p`: no startup file, no function imported from the environment. Without
 * /proc it refuses to go on rather than leave descriptors open.
 */
export const CLOSE_DESCRIPTORS = [
  "-p",
  "-c",
  '[ -d /proc/self/fd ] || { echo "scriptorium: /proc is missing, the run stops" >&2; exit 126; }; ' +
    'for f in /proc/self/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ] && [ -h "/proc/$$/fd/$n" ]; then exec {n}>&-; fi; done; ' +
    'exec "$@"',
  "scriptorium-run",
];

/** A fresh private folder (HOME of an unsandboxed run) and its removal. */
export async function privateFolder(): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "scriptorium-run-"));
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** The system entries to hide that still exist (a mask needs its mount point), as they are now. */
export async function presentEntries(entries: readonly MaskedEntry[]): Promise<MaskedEntry[]> {
  const out: MaskedEntry[] = [];
  for (const entry of entries) {
    const info = await lstat(entry.path).catch(() => undefined);
    if (info && !info.isSymbolicLink()) out.push({ path: entry.path, isDir: info.isDirectory() });
  }
  return out;
}

/** An entry hidden in the sandbox: a folder shown empty, a file shown as an empty file. */
export interface MaskedEntry {
  path: string;
  isDir: boolean;
}
