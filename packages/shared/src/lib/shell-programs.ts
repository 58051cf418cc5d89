/*
 * Which programs of the in-browser shell's allow-list run other programs (issue 27), shared by
 * the server, which checks typed lines against them, and the settings page, which explains them.
 *
 * An allow-list entry is a program name (`ls`), or a name followed by `:exec` (`find:exec`). The
 * `:exec` entry is the admin's explicit consent that the program may run other programs, and it
 * allows the program too:
 * - a full-shell program (below) runs only through its `:exec` entry: a plain `bash`, `xargs` or
 *   `awk` entry allows nothing, since these programs run whatever their arguments say;
 * - a program with options that run programs (find, sed, tar, …) is allowed by its plain entry
 *   without those options, and with them by its `:exec` entry.
 */

/** The suffix of an allow-list entry that lets a program run other programs. */
export const EXEC_ENTRY_SUFFIX = ":exec";

/**
 * Programs that run other programs whatever else they do: shells and shell keywords, runners of
 * a command line (env, xargs, nice, timeout, …), interpreters (awk's system() and pipes, perl,
 * python, …), editors and pagers with shell escapes (vi, less, man, …), version control and
 * network clients that start helpers (git, ssh, rsync, …), builds and TeX (shell escape), and a
 * few file tools with a "run this" option the shell does not read (zip -TT, patch's ed scripts).
 * Names are matched without a version suffix: `python3.12` is `python`.
 */
const FULL_SHELL_PROGRAMS: readonly string[] = [
  // Shells, and shell built-ins that run their arguments (reachable with a shell configured).
  ".",
  "ash",
  "bash",
  "builtin",
  "busybox",
  "command",
  "coproc",
  "csh",
  "dash",
  "elvish",
  "eval",
  "exec",
  "fish",
  "ksh",
  "mksh",
  "nu",
  "oksh",
  "pdksh",
  "rbash",
  "sh",
  "source",
  "tcsh",
  "toybox",
  "xonsh",
  "yash",
  "zsh",
  // Runners: the rest of the line is a command.
  "bwrap",
  "capsh",
  "catchsegv",
  "chpst",
  "chroot",
  "chrt",
  "daemonize",
  "dbus-run-session",
  "doas",
  "dtach",
  "entr",
  "env",
  "expect",
  "fakeroot",
  "faketime",
  "firejail",
  "flock",
  "gdb",
  "i386",
  "ionice",
  "ldd",
  "linux32",
  "linux64",
  "ltrace",
  "newgrp",
  "nice",
  "nohup",
  "nsenter",
  "numactl",
  "parallel",
  "perf",
  "pkexec",
  "prlimit",
  "proot",
  "run-parts",
  "runcon",
  "runuser",
  "screen",
  "script",
  "setarch",
  "setpriv",
  "setsid",
  "sg",
  "ssh-agent",
  "start-stop-daemon",
  "stdbuf",
  "strace",
  "su",
  "sudo",
  "systemd-nspawn",
  "systemd-run",
  "taskset",
  "time",
  "timeout",
  "tmux",
  "uname26",
  "unshare",
  "valgrind",
  "watch",
  "x86_64",
  "xargs",
  // Interpreters.
  "awk",
  "bun",
  "dc",
  "deno",
  "gawk",
  "groovy",
  "ghci",
  "guile",
  "irb",
  "java",
  "jshell",
  "julia",
  "lua",
  "luajit",
  "m4",
  "mawk",
  "mysql",
  "nawk",
  "node",
  "nodejs",
  "original-awk",
  "osascript",
  "perl",
  "php",
  "psql",
  "pwsh",
  "pypy",
  "python",
  "r",
  "racket",
  "rscript",
  "ruby",
  "runghc",
  "sqlite",
  "sqlite3",
  "tclsh",
  "wish",
  // Editors and pagers with a shell escape.
  "ed",
  "editor",
  "emacs",
  "evim",
  "ex",
  "gvim",
  "less",
  "man",
  "more",
  "most",
  "nvim",
  "pager",
  "pg",
  "rview",
  "rvim",
  "sensible-editor",
  "sensible-pager",
  "vi",
  "view",
  "vim",
  "vimdiff",
  // Builds, compilers and TeX (shell escape).
  "c++",
  "cc",
  "clang",
  "clang++",
  "cmake",
  "context",
  "g++",
  "gcc",
  "latex",
  "latexmk",
  "lualatex",
  "luatex",
  "make",
  "mtxrun",
  "ninja",
  "pdflatex",
  "pdftex",
  "tex",
  "texlua",
  "xelatex",
  "xetex",
  // Version control, network and crypto clients that start helpers or load code.
  "ftp",
  "git",
  "gpg",
  "hg",
  "nc",
  "ncat",
  "netcat",
  "openssl",
  "rsync",
  "scp",
  "sftp",
  "socat",
  "ssh",
  "svn",
  "telnet",
  "wget",
  // File tools whose program-running options are not parsed here.
  "bsdtar",
  "cpio",
  "gfind",
  "gsed",
  "gtar",
  "patch",
  "zip",
];

/**
 * Programs allowed by their plain entry without the options that run programs (or reach files
 * the line does not name), which need the `:exec` entry: what each refuses, for the settings page
 * and the README.
 */
export const EXEC_OPTION_PROGRAMS: Readonly<Record<string, string>> = {
  find: "-exec, -execdir, -ok, -okdir",
  sed: "the e, r, R, w and W commands, the e and w flags of s, -f (a script file)",
  tar: "--to-command, --checkpoint-action, -I (--use-compress-program), -F (--info-script, --new-volume-script), --rsh-command, --rmt-command, a host:file archive, -P (--absolute-names)",
  sort: "--compress-program",
  split: "--filter",
  install: "--strip-program",
  sdiff: "--diff-program",
  diff3: "--diff-program",
};

const FULL_SHELL = new Set(FULL_SHELL_PROGRAMS);

/** A program's name as the lists spell it: `python3.12` → `python`, `gcc-12` → `gcc`. */
function baseName(program: string): string {
  return program
    .slice(program.lastIndexOf("/") + 1)
    .toLowerCase()
    .replace(/[-.\d]+$/, "");
}

/** Whether `program` (as typed or listed: `python3`, `perl5.36`) runs other programs always. */
export function isFullShellProgram(program: string): boolean {
  const name = program.slice(program.lastIndexOf("/") + 1).toLowerCase();
  return FULL_SHELL.has(name) || FULL_SHELL.has(baseName(name));
}

/** Whether `program` has options that run programs (allowed by `program:exec` only). */
export function hasExecOptions(program: string): boolean {
  return Object.hasOwn(EXEC_OPTION_PROGRAMS, program);
}

/** The entry that lets `program` run other programs. */
export function execEntryOf(program: string): string {
  return `${program}${EXEC_ENTRY_SUFFIX}`;
}

/**
 * An allow-list read as the shell reads it: the `:exec` entries that give a full shell (of a
 * full-shell program or one with options that run programs), and the plain entries of full-shell
 * programs, which allow nothing until written `name:exec`.
 */
export function shellEntries(commands: readonly string[]): {
  fullShell: string[];
  needsExec: string[];
} {
  const fullShell: string[] = [];
  const needsExec: string[] = [];
  for (const raw of commands) {
    const entry = raw.trim();
    if (entry.endsWith(EXEC_ENTRY_SUFFIX)) {
      const program = entry.slice(0, -EXEC_ENTRY_SUFFIX.length);
      if (isFullShellProgram(program) || hasExecOptions(program)) fullShell.push(entry);
    } else if (entry !== "" && isFullShellProgram(entry)) {
      needsExec.push(entry);
    }
  }
  return { fullShell, needsExec };
}
