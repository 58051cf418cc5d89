import { constants } from "node:fs";
import { access, lstat, mkdtemp, readlink, rm, stat } from "node:fs/promises";
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

/** A fresh private folder (HOME of an unsandboxed run) and its removal. */
export async function privateFolder(): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "scriptorium-run-"));
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** True when `folder` exists as a folder. */
export async function isFolder(folder: string): Promise<boolean> {
  return (await stat(folder).catch(() => undefined))?.isDirectory() ?? false;
}
