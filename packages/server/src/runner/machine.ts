import { spawn } from "node:child_process";
import { findExecutable, SYSTEM_BIN, systemEntries } from "./host.js";
import { type MaskedEntry, NAMESPACE_OPTIONS, SYSTEM_PATHS } from "./sandbox.js";

/**
 * What the runner learns of this machine by running its own fixed programs (never anything from
 * a request): whether bubblewrap works here, and which system files other users may not read.
 */

/** Why bubblewrap cannot be used: a sentence for the log, the settings page and 503 answers. */
export interface SandboxProblem {
  reason: string;
  /** What bubblewrap printed when it failed (the log only). */
  detail?: string;
}

/** A fixed program's exit code and first bytes of output. */
function runFixed(
  file: string,
  args: readonly string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" },
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 2000) err += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ code: null, stdout: Buffer.alloc(0), stderr: e.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err.trim() });
    });
  });
}

/**
 * bubblewrap's path when it is installed and can make the namespaces the runner asks for (as
 * `nobody` in its own user namespace), else why not.
 */
export async function probeBwrap(): Promise<{ bwrap: string } | { problem: SandboxProblem }> {
  const bwrap = await findExecutable("bwrap", SYSTEM_BIN);
  if (!bwrap) return { problem: { reason: "bubblewrap (bwrap) is not installed" } };
  const tried = await runFixed(
    bwrap,
    [...NAMESPACE_OPTIONS, "--ro-bind", "/", "/", "--", "/bin/true"],
    5_000,
  );
  if (tried.code === 0) return { bwrap };
  const detail = tried.stderr || `exit code ${tried.code ?? "none (killed)"}`;
  // --disable-userns came with bubblewrap 0.8.
  const reason = /unknown option/i.test(tried.stderr)
    ? "bubblewrap is too old here (0.8 or newer is needed)"
    : "bubblewrap cannot create namespaces here";
  return { problem: { reason, detail } };
}

/** How long a list of hidden system entries is used before the folders are walked again. */
const HIDDEN_TTL_MS = 5 * 60_000;
/** More than this many unreadable system entries is not a machine the runner understands. */
const HIDDEN_MAX = 10_000;
let hiddenCache: { at: number; list: Promise<MaskedEntry[]> } | undefined;

/**
 * The entries of the system folders that other users of the machine may not read: files without
 * the read bit for others, folders without read or search for others (not walked further). The
 * sandboxed program's files are the server user's (root: /etc/shadow's owner), so the sandbox
 * hides these. GNU find walks the folders (a fraction of a second for a TeX Live /usr); the list
 * is kept for 5 minutes, for every runner of the process.
 */
export function unreadableSystemEntries(): Promise<MaskedEntry[]> {
  const now = Date.now();
  if (hiddenCache && now - hiddenCache.at < HIDDEN_TTL_MS) return hiddenCache.list;
  const list = walkUnreadable();
  hiddenCache = { at: now, list };
  // A failed walk is not kept: the next run tries again.
  list.catch(() => {
    if (hiddenCache?.list === list) hiddenCache = undefined;
  });
  return list;
}

async function walkUnreadable(): Promise<MaskedEntry[]> {
  const find = await findExecutable("find", SYSTEM_BIN);
  if (!find) throw new Error("find is not installed");
  const roots = (await systemEntries(SYSTEM_PATHS))
    .filter((entry) => entry.kind === "dir")
    .map((entry) => entry.path);
  if (roots.length === 0) return [];
  const expression = [
    "(",
    "-type",
    "d",
    "(",
    "!",
    "-perm",
    "-o=r",
    "-o",
    "!",
    "-perm",
    "-o=x",
    ")",
    "-printf",
    "d%p\\0",
    "-prune",
    ")",
    "-o",
    "(",
    "!",
    "-type",
    "d",
    "!",
    "-type",
    "l",
    "!",
    "-perm",
    "-o=r",
    "-printf",
    "f%p\\0",
    ")",
  ];
  const found = await runFixed(find, [...roots, ...expression], 120_000);
  // 1: some entry could not be looked at (this user cannot reach it: neither can the sandbox).
  if (found.code !== 0 && found.code !== 1) {
    throw new Error(`find failed: ${found.stderr || `exit code ${found.code ?? "none"}`}`);
  }
  const entries = found.stdout
    .toString("utf8")
    .split("\0")
    .filter((line) => line.length > 1)
    .map((line) => ({ isDir: line.startsWith("d"), path: line.slice(1) }));
  if (entries.length > HIDDEN_MAX) {
    throw new Error(`${entries.length} system entries are unreadable to other users`);
  }
  return entries;
}
