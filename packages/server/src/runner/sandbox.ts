import type { MaskedEntry, SystemEntry } from "./host.js";

export type { MaskedEntry };

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

/**
 * Where the user's folder is inside the sandbox (bound there from the server's descriptor of
 * it): a program sees no path of the server's own layout.
 */
export const SANDBOX_FILES = "/files";

/** HOME inside the sandbox: on its private /tmp, gone with it. */
export const SANDBOX_HOME = "/tmp/home";

/**
 * Who a sandboxed program is: `nobody` (65534) inside its own user namespace. bubblewrap maps
 * that id to the one that started it (the server's user), so what it writes in the scope belongs
 * to the server's user on disk, as before; inside it has no capability at all.
 */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

/**
 * Every namespace of its own, as `nobody` with no way to make another, killed with the server:
 * what each run asks of bubblewrap, and what the probe at start checks that it can give.
 */
export const NAMESPACE_OPTIONS: readonly string[] = [
  "--unshare-all",
  "--unshare-user",
  "--uid",
  String(SANDBOX_UID),
  "--gid",
  String(SANDBOX_GID),
  "--disable-userns",
  "--die-with-parent",
];

/** What a sandboxed run sees and may change. */
export interface SandboxLayout {
  /** Read-only system folders (or the links that stand for them). */
  system: readonly SystemEntry[];
  /**
   * Entries of the system folders that the machine's other users may not read (/etc/shadow,
   * /etc/ssl/private, …): hidden, since the program's files are the server user's.
   */
  hidden: readonly MaskedEntry[];
  /** Tool folders and the executable's folder, read-only. */
  readOnly: readonly string[];
  /** Server folders mounted at places of the sandbox's own, read-only unless `writable`. */
  binds?: readonly { host: string; at: string; writable?: boolean }[];
  /** The user's scope folder (real path): the only visible and writable part of the files root. */
  writable: string;
  /** A descriptor (in bubblewrap) of `writable`, opened and checked: bound instead of the path. */
  writableFd?: number;
  /** Entries of the scope the user's rules deny: shown empty and read-only. */
  masked: readonly MaskedEntry[];
  cwd: string;
  env: Readonly<Record<string, string>>;
}

function mask(args: string[], entry: MaskedEntry): void {
  if (entry.isDir) args.push("--tmpfs", entry.path, "--remount-ro", entry.path);
  else args.push("--ro-bind", "/dev/null", entry.path);
}

/** True when `inner` is `outer` or inside it. */
function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith("/") ? outer : `${outer}/`);
}

/**
 * The bubblewrap options for a run in `layout`, to be handed over through `--args FD` (never on
 * bubblewrap's own command line, which the sandbox's /proc/1/cmdline shows; bubblewrap 0.8 wants
 * only the command itself there, after `--`): every namespace unshared (no network, own PIDs), a
 * user namespace in which the program is `nobody` with no capability and may make no further
 * namespace, killed with the server, a new session (no terminal to inject into), the system
 * read-only with what other users may not read hidden, a private /tmp and HOME, only the user's
 * scope writable, denied entries masked, and nothing of the environment but `layout.env`.
 */
export function bwrapOptions(layout: SandboxLayout): string[] {
  const args = [...NAMESPACE_OPTIONS, "--new-session", "--cap-drop", "ALL"];
  for (const entry of layout.system) {
    if (entry.kind === "link") args.push("--symlink", entry.target, entry.path);
    else args.push("--ro-bind", entry.path, entry.path);
  }
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", SANDBOX_HOME);
  // A hidden folder is an empty tmpfs, made read-only only at the end: a tool folder or the
  // scope inside it (a files root under /usr/local, mode 0700) still gets its mount point.
  const hide = (entries: readonly MaskedEntry[]) => {
    for (const entry of entries) {
      if (entry.isDir) args.push("--tmpfs", entry.path);
      else args.push("--ro-bind", "/dev/null", entry.path);
    }
  };
  hide(layout.hidden);
  for (const folder of layout.readOnly) args.push("--ro-bind", folder, folder);
  // A tool folder that is a system folder (/usr/bin) shows its hidden entries again: hide them.
  hide(layout.hidden.filter((e) => layout.readOnly.some((folder) => within(e.path, folder))));
  for (const bind of layout.binds ?? []) {
    args.push(bind.writable ? "--bind" : "--ro-bind", bind.host, bind.at);
  }
  // The scope is bound from a descriptor the server opened and checked (not a path bubblewrap
  // would look up again, which a program could have made a link meanwhile).
  if (layout.writableFd !== undefined)
    args.push("--bind-fd", String(layout.writableFd), layout.writable);
  else args.push("--bind", layout.writable, layout.writable);
  for (const entry of layout.masked) mask(args, entry);
  for (const entry of layout.hidden) {
    if (entry.isDir) args.push("--remount-ro", entry.path);
  }
  args.push("--chdir", layout.cwd, "--clearenv");
  for (const [key, value] of Object.entries(layout.env)) args.push("--setenv", key, value);
  return args;
}

/** `args` as `--args FD` reads them: each one ended by a NUL (none may hold one). */
export function argsFile(args: readonly string[]): Buffer {
  if (args.some((arg) => arg.includes("\0"))) throw new Error("an argument holds a NUL byte");
  return Buffer.from(args.map((arg) => `${arg}\0`).join(""), "utf8");
}

/**
 * Where a path of the host is seen from inside the sandbox: the writable folder and what it
 * holds under SANDBOX_FILES; any other path as it is.
 */
export function sandboxView(writable: string): (hostPath: string) => string {
  return (hostPath) => {
    if (hostPath === writable) return SANDBOX_FILES;
    if (hostPath.startsWith(`${writable}/`)) return SANDBOX_FILES + hostPath.slice(writable.length);
    return hostPath;
  };
}

/** A word (an argument, a variable's value) with a host path in it seen from the sandbox. */
export function seenInWord(seen: (hostPath: string) => string): (word: string) => string {
  return (word) => {
    if (word.startsWith("/")) return seen(word);
    // An option's attached value: --output=/path.
    const at = word.indexOf("=/");
    return at < 0 ? word : word.slice(0, at + 1) + seen(word.slice(at + 1));
  };
}
