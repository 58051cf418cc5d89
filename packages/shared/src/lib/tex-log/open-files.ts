/**
 * TeX's stack of open files as its terminal output shows it: `(./name.tex` when a file is
 * opened, `)` when it ends. Ordinary parentheses (in `\message` texts, `(see the transcript …)`)
 * are kept on the stack as non-files so that their `)` does not close a file; page markers
 * `[1]`, font maps `{…}` and font files `<…>` are skipped.
 */

/** A file name's last part: `.tex`, `.sty`, `.m.tex`'s `.tex` (a letter first: not `.5pt`). */
const EXTENSION = /\.[A-Za-z][A-Za-z0-9_-]{0,15}$/;
/** Characters that end an unquoted name (or a stretch of names with blanks). */
const STOP = /[()[\]{}<>"]/;

export interface NameHints {
  /** Names seen in `file:line:` messages and the source's name: names TeX really printed. */
  known: ReadonlySet<string>;
  /** True when the printed name is a file of the user's (resolves ambiguous names). */
  exists?: (printed: string) => boolean;
}

function startsLikePath(token: string): boolean {
  return token.startsWith("./") || token.startsWith("../") || token.startsWith("/");
}

/**
 * The file name TeX printed at `text[at]` (just after a `(`), and how many characters it takes;
 * null when what follows is not a file name.
 */
export function readName(
  text: string,
  at: number,
  hints: NameHints,
): { name: string; length: number } | null {
  if (text[at] === '"') {
    const end = text.indexOf('"', at + 1);
    if (end > at + 1) return { name: text.slice(at + 1, end), length: end + 1 - at };
    return null;
  }
  let stop = at;
  while (stop < text.length && !STOP.test(text[stop] as string)) stop++;
  const segment = text.slice(at, stop);
  const token = /^\S*/.exec(segment)?.[0] ?? "";
  if (token === "") return null;
  const boundary = (n: number) => n === segment.length || /\s/.test(segment[n] as string);

  let longestKnown = "";
  for (const name of hints.known) {
    if (name.length > longestKnown.length && segment.startsWith(name) && boundary(name.length)) {
      longestKnown = name;
    }
  }
  if (longestKnown) return { name: longestKnown, length: longestKnown.length };

  // Candidates: the first word, then longer stretches (names with blanks) that end like a file.
  const candidates: string[] = [];
  if (EXTENSION.test(token)) candidates.push(token);
  if (startsLikePath(token)) {
    // Each end before a blank (or the segment's end), tested on its last characters only.
    for (let n = token.length + 1; n <= segment.length; n++) {
      if (!boundary(n) || /\s/.test(segment[n - 1] as string)) continue;
      if (EXTENSION.test(segment.slice(Math.max(0, n - 17), n)))
        candidates.push(segment.slice(0, n));
    }
  }
  const exists = hints.exists;
  const found = exists ? candidates.find((c) => exists(c)) : undefined;
  if (found) return { name: found, length: found.length };
  // The first word when it looks like a file; else the shortest stretch that does.
  const first = candidates[0];
  if (first) return { name: first, length: first.length };
  if (startsLikePath(token)) return { name: token, length: token.length };
  return null;
}

export class OpenFiles {
  /** Innermost last; null for an ordinary parenthesis. */
  private readonly stack: (string | null)[] = [];
  /** The first file opened (TeX's main file), once known. */
  main: string | undefined;

  constructor(private readonly hints: NameHints) {}

  /** Follows one line of TeX's output. */
  scan(line: string): void {
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === "(") {
        const read = readName(line, i + 1, this.hints);
        if (read) {
          this.stack.push(read.name);
          this.main ??= read.name;
          i += read.length;
        } else {
          this.stack.push(null);
        }
      } else if (c === ")") {
        this.stack.pop();
      } else if (c === "{" || c === "<") {
        const end = line.indexOf(c === "{" ? "}" : ">", i + 1);
        if (end > i) i = end;
      }
    }
  }

  /** The files open, innermost last (ordinary parentheses left out). */
  files(): string[] {
    return this.stack.filter((f): f is string => f !== null);
  }
}
