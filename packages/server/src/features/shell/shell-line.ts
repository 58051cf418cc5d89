import path from "node:path";
import { execEntryOf, isFullShellProgram, type ShellRefusalCode } from "@scriptorium/shared";
import { isInside } from "../../lib/safe-path.js";
import { checkOptions } from "./exec-options.js";

/**
 * The typed line of the in-browser shell (API.md Part A §13, issue 27), checked without a shell:
 * split into words (quotes and backslashes as a shell reads them, nothing expanded), every
 * separator and substitution refused, the first word matched whole against the user's allowed
 * commands, the options that run programs refused unless the user's list holds `name:exec`
 * (programs that always run programs need that entry to run at all), and every path the line
 * names kept inside the user's folder.
 */

/**
 * The answer to a program not in the user's list, the same whether it exists or not (File
 * Browser's text, which its client shows); the close reason says `not-in-commands`.
 */
export const NOT_ALLOWED = "Command not allowed.";

/** The text for a line refused for its characters or its quotes. */
export const SYNTAX_REFUSED =
  "Command not allowed: a line may not hold ; & | ` $ < > or a new line, and its quotes must be closed.";

/** The text for a program named with a path. */
export const PROGRAM_PATH_REFUSED =
  "Command not allowed: a program is named by its name alone, without a folder.";

/** The text for a program in the user's list that the server does not have. */
export const notInstalledMessage = (program: string) =>
  `Command not allowed: ${program} is in your commands but is not installed on this server.`;

/** What never passes, in any word: separators, pipes, redirections, substitutions, new lines. */
const FORBIDDEN = /[;&|`$<>\n\r\0]/;

/**
 * What a configured shell would expand or read itself (braces, tilde, globs, parentheses: zsh
 * globs and fish substitutions, `#` a comment): refused then, so that the shell runs the words
 * that were checked and no others.
 */
const EXPANDED = /[{}~*?[()#]/;

/** The message for a line that holds one of EXPANDED while a shell is configured. */
export const EXPANSION_REFUSED =
  "Command not allowed: with a shell set, a line may not hold { } ~ * ? [ ( ) or # (the shell would expand them, or read them itself).";

/** A path found in a line, with the word that holds it. */
export interface NamedPath {
  path: string;
  word: string;
}

/** The message for a path outside the user's folder. */
export const outsideMessage = ({ path: named, word }: NamedPath) =>
  named === word
    ? `Command not allowed: ${named} is outside your folder.`
    : `Command not allowed: ${word} names ${named}, which is outside your folder.`;

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
      // In double quotes a backslash escapes only \ and " (and $ ` and a new line, refused).
      else if (c === "\\" && quote === '"' && '\\"$`\n'.includes(line[i + 1] ?? "x"))
        word += line[++i];
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

/** Where the first word of a (trimmed) line ends: the text after it starts there. */
function firstWordEnd(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"') i++;
    } else if (c === " " || c === "\t") {
      return i;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "\\") {
      i++;
    }
  }
  return line.length;
}

/** The shell setting as words: `["bash -c"]` and `["bash", "-c"]` both give `bash`, `-c`. */
export function shellWords(shell: readonly string[]): string[] {
  return shell.join(" ").split(/\s+/).filter(Boolean);
}

export type LineCheck =
  | {
      ok: true;
      /** The words as typed. */
      words: string[];
      /** The argv to run without a shell (with any guard option added). */
      argv: string[];
      /** The line to hand to a configured shell (with the same guard). */
      shellLine: string;
      /** Everything in the line that names a path that could leave the folder. */
      paths: NamedPath[];
    }
  | {
      ok: false;
      /** Which rule refused it ("empty": nothing to run). */
      reason: ShellRefusalCode | "empty";
      /** What the user is told. */
      message: string;
    };

/**
 * Checks a line against the user's allowed commands: no forbidden character anywhere, closed
 * quotes, a first word equal to one entry (anchored: `findx` is not `find`; `name:exec` allows
 * `name` too); a full-shell program only through its `name:exec` entry; no option that runs
 * programs unless `name:exec` is listed; with a shell configured (`shell`), none of the characters
 * it would expand. The paths found are for `outsidePath`.
 */
export function checkLine(
  line: string,
  allowed: readonly string[],
  opts: { shell?: boolean } = {},
): LineCheck {
  const refuse = (reason: Exclude<LineCheck, { ok: true }>["reason"], message = NOT_ALLOWED) =>
    ({ ok: false, reason, message }) as const;
  const trimmed = line.trim();
  if (trimmed === "") return refuse("empty");
  if (FORBIDDEN.test(line)) return refuse("syntax", SYNTAX_REFUSED);
  const words = splitWords(trimmed);
  if (!words || words.length === 0) return refuse("syntax", SYNTAX_REFUSED);
  const [program, ...args] = words as [string, ...string[]];
  if (program.includes("/")) return refuse("program-path", PROGRAM_PATH_REFUSED);
  if (program.includes(":")) return refuse("not-in-commands");
  const explicit = allowed.includes(execEntryOf(program));
  const plain = allowed.includes(program);
  if (isFullShellProgram(program) && !explicit) {
    return plain
      ? refuse(
          "full-shell",
          `Command not allowed: ${program} can run any other program, so it runs only with the entry ${execEntryOf(program)}.`,
        )
      : refuse("not-in-commands");
  }
  if (!plain && !explicit) return refuse("not-in-commands");
  if (opts.shell && EXPANDED.test(trimmed)) return refuse("expansion", EXPANSION_REFUSED);

  const options = checkOptions(program, args, explicit);
  if (options.refusal !== undefined) {
    return refuse(options.refusalCode ?? "exec-option", options.refusal);
  }
  const named = (word: string) => pathsIn(word).map((p) => ({ path: p, word }));
  const paths = [
    ...args.filter((_, i) => !options.scriptArgs.includes(i)).flatMap(named),
    ...options.paths.flatMap(({ path: p, word }) =>
      pathsIn(p).map((found) => ({ path: found, word })),
    ),
  ];
  const guard = options.guard;
  return {
    ok: true,
    words,
    argv: [program, ...guard, ...args],
    shellLine:
      guard.length === 0
        ? trimmed
        : `${program} ${guard.join(" ")}${trimmed.slice(firstWordEnd(trimmed))}`,
    paths,
  };
}

/**
 * What in `word` could name a path out of the folder: the word, each part after `=` or `:` or
 * inside it after a blank (`--file=/etc/x`, `if=/etc/x`, sed's `r ../x`), and the value an option
 * may have attached after any of its letters (`-f/etc/x`, `-xvf/etc/x`, `-C..`); kept when it
 * starts with `/` or `~` or has a `..` component.
 */
export function pathsIn(word: string): string[] {
  const found: string[] = [];
  for (const part of word.split(/[\s=:]+/)) {
    found.push(part);
    if (!part.startsWith("-") || part.startsWith("--")) continue;
    for (let i = 2; i < part.length && /[A-Za-z0-9]/.test(part[i - 1] as string); i++) {
      found.push(part.slice(i));
    }
  }
  return [
    ...new Set(
      found.filter((p) => p.startsWith("/") || p.startsWith("~") || p.split("/").includes("..")),
    ),
  ];
}

/**
 * The first of `paths` that leaves `scope` once resolved from `folder` (a `~`, someone's home,
 * always does); undefined when all stay in.
 */
export function outsidePath(
  paths: readonly NamedPath[],
  folder: string,
  scope: string,
): NamedPath | undefined {
  return paths.find(
    ({ path: p }) => p.startsWith("~") || !isInside(scope, path.resolve(folder, p)),
  );
}
