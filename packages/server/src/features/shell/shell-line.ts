/**
 * The typed line of the in-browser shell (API.md Part A §13), checked without a shell: split into
 * words (quotes and backslashes as a shell reads them, nothing expanded), every separator and
 * substitution refused, the first word matched whole against the user's allowed commands.
 */

/** What never passes, in any word: separators, pipes, redirections, substitutions, new lines. */
const FORBIDDEN = /[;&|`$<>\n\r\0]/;

/** find's options that run other programs: refused unless the user's list has `find:exec`. */
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
export const FIND_EXEC_ENTRY = "find:exec";

/**
 * Programs that give whoever may run them a full shell (an interpreter, or a runner of other
 * programs). They pass only when listed by name, like any other; the settings page warns.
 */
export const FULL_SHELL_PROGRAMS = [
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "csh",
  "tcsh",
  "fish",
  "busybox",
  "env",
  "xargs",
  "nice",
  "nohup",
  "timeout",
  "stdbuf",
  "setsid",
  "chroot",
  "sudo",
  "su",
  "script",
  "python",
  "python2",
  "python3",
  "perl",
  "ruby",
  "node",
  "nodejs",
  "php",
  "lua",
  "tclsh",
  "awk",
  "gawk",
  "mawk",
  "expect",
  "vi",
  "vim",
  "less",
  "more",
  "man",
  "git",
  "ssh",
  "nc",
  "socat",
];

/** Words of a line, or null when quotes are not closed. */
export function splitWords(line: string): string[] | null {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
      continue;
    }
    if (c === " " || c === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === '"' || c === "'") quote = c;
    else if (c === "\\" && i + 1 < line.length) word += line[++i];
    else word += c;
  }
  if (quote) return null;
  if (inWord) words.push(word);
  return words;
}

/** The shell setting as words: `["bash -c"]` and `["bash", "-c"]` both give `bash`, `-c`. */
export function shellWords(shell: readonly string[]): string[] {
  return shell.join(" ").split(/\s+/).filter(Boolean);
}

export type LineCheck =
  { ok: true; words: string[] } | { ok: false; reason: "empty" | "syntax" | "not-allowed" };

/**
 * Checks a line against the user's allowed commands: no forbidden character anywhere, closed
 * quotes, a first word equal to one entry (anchored: `findx` is not `find`), and no find option
 * that runs programs unless `find:exec` is listed.
 */
export function checkLine(line: string, allowed: readonly string[]): LineCheck {
  if (line.trim() === "") return { ok: false, reason: "empty" };
  if (FORBIDDEN.test(line)) return { ok: false, reason: "syntax" };
  const words = splitWords(line.trim());
  if (!words || words.length === 0) return { ok: false, reason: "syntax" };
  const [program, ...args] = words as [string, ...string[]];
  if (!allowed.includes(program) || program.includes("/"))
    return { ok: false, reason: "not-allowed" };
  if (
    program === "find" &&
    args.some((a) => FIND_EXEC.has(a)) &&
    !allowed.includes(FIND_EXEC_ENTRY)
  ) {
    return { ok: false, reason: "not-allowed" };
  }
  return { ok: true, words };
}

/**
 * The path a word names, when it names one that could leave the folder: absolute, with a `..`
 * component or a `~`; also the value of `--opt=/path`. Undefined for plain words.
 */
export function pathOf(word: string): string | undefined {
  const value =
    word.startsWith("-") && word.includes("=") ? word.slice(word.indexOf("=") + 1) : word;
  if (value.startsWith("~")) return value;
  if (value.startsWith("/") || value.split("/").includes("..")) return value;
  return undefined;
}
