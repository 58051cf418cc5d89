/*
 * Programs that can start any other program (an interpreter, a shell, or a runner such as
 * `env`, `xargs` or `find -exec`, or TeX with shell escape): allowing one in a user's commands gives that user a full
 * shell on the server (issue 11; the settings page warns about them).
 */
const NAMES = new Set([
  "ash",
  "awk",
  "bash",
  "busybox",
  "bun",
  "csh",
  "dash",
  "deno",
  "doas",
  "ed",
  "emacs",
  "env",
  "expect",
  "find",
  "fish",
  "gawk",
  "gdb",
  "git",
  "ionice",
  "ksh",
  "latex",
  "less",
  "lua",
  "lualatex",
  "luatex",
  "make",
  "man",
  "mawk",
  "more",
  "nawk",
  "nice",
  "node",
  "nodejs",
  "nohup",
  "nvim",
  "pdflatex",
  "perl",
  "php",
  "python",
  "ruby",
  "script",
  "sed",
  "setsid",
  "sh",
  "ssh",
  "stdbuf",
  "strace",
  "su",
  "sudo",
  "tar",
  "tclsh",
  "tex",
  "tcsh",
  "timeout",
  "vi",
  "vim",
  "watch",
  "xargs",
  "xelatex",
  "zsh",
]);

/** "python3.12" → "python", "/usr/bin/perl5.36" → "perl". */
function programName(command: string): string {
  const base = command.slice(command.lastIndexOf("/") + 1).toLowerCase();
  return base.replace(/[\d.]+$/, "");
}

/** The entries of an allow-list that give a full shell, in the order given. */
export function fullShellPrograms(commands: readonly string[]): string[] {
  return commands.filter((command) => NAMES.has(programName(command.trim())));
}
