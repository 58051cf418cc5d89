import type { SystemEntry } from "./host.js";

/** Folders of the machine a sandboxed tool sees, read-only (TeX needs /etc/texmf, /var/lib/texmf). */
export const SYSTEM_PATHS = [
  "/usr",
  "/etc",
  "/var/lib/texmf",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
];

/** HOME inside the sandbox: on its private /tmp, gone with it. */
export const SANDBOX_HOME = "/tmp/home";

/** What a sandboxed run sees and may change. */
export interface SandboxLayout {
  /** Read-only system folders (or the links that stand for them). */
  system: readonly SystemEntry[];
  /** Tool folders and the executable's folder, read-only. */
  readOnly: readonly string[];
  /** The user's scope folder (real path): the only visible and writable part of the files root. */
  writable: string;
  /** Entries of the scope the user's rules deny: shown empty and read-only. */
  masked: readonly { path: string; isDir: boolean }[];
  cwd: string;
  env: Readonly<Record<string, string>>;
}

/**
 * The bubblewrap command line for `command` (argv) in `layout`: every namespace unshared (no
 * network, own PIDs), killed with the server, a new session (no terminal to inject into), no
 * capabilities, the system read-only, a private /tmp and HOME, only the user's scope writable,
 * denied entries masked, and nothing of the environment but `layout.env`.
 */
export function bwrapArgs(layout: SandboxLayout, command: readonly string[]): string[] {
  const args = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"];
  for (const entry of layout.system) {
    if (entry.kind === "link") args.push("--symlink", entry.target, entry.path);
    else args.push("--ro-bind", entry.path, entry.path);
  }
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", SANDBOX_HOME);
  for (const folder of layout.readOnly) args.push("--ro-bind", folder, folder);
  args.push("--bind", layout.writable, layout.writable);
  for (const entry of layout.masked) {
    if (entry.isDir) args.push("--tmpfs", entry.path, "--remount-ro", entry.path);
    else args.push("--ro-bind", "/dev/null", entry.path);
  }
  args.push("--chdir", layout.cwd, "--clearenv");
  for (const [key, value] of Object.entries(layout.env)) args.push("--setenv", key, value);
  args.push("--", ...command);
  return args;
}
