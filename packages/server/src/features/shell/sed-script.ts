/**
 * Reads a sed line (options and script) as GNU sed 4.9 does, to find what in it runs programs or
 * opens files: the e, r, R, w and W commands and the e and w flags of s (issue 27). The reader
 * follows sed's own grammar (addresses, bracket expressions in regexes, a/i/c text, labels, the
 * delimiters of s and y) so that nothing can hide inside a part it skips; whatever it cannot
 * read is reported as unreadable, and the shell then refuses the line (sed, which compiles the
 * whole script before running any of it, would have refused it too, or reads it another way).
 */

/** What a script does beyond editing its input. */
export type SedFeature = "e" | "r" | "R" | "w" | "W" | "s///e" | "s///w";

export interface SedScriptReading {
  /** The features found, in order (empty for a plain editing script). */
  features: SedFeature[];
  /** File names of r, R, w, W and s///w, and the command text of e. */
  operands: string[];
}

const END = "";
const isBlank = (c: string) => c === " " || c === "\t";
const isSpace = (c: string) => c !== END && " \t\n\r\v\f".includes(c);
const isDigit = (c: string) => c >= "0" && c <= "9" && c !== END;

class Unreadable extends Error {}

/**
 * Reads a sed script (the texts of its -e options joined by new lines, as sed joins them).
 * Undefined when it cannot be read.
 */
export function readSedScript(script: string): SedScriptReading | undefined {
  try {
    return new ScriptReader(script).read();
  } catch (err) {
    if (err instanceof Unreadable) return undefined;
    throw err;
  }
}

class ScriptReader {
  private at = 0;
  private readonly found: SedScriptReading = { features: [], operands: [] };

  constructor(private readonly text: string) {}

  private next(): string {
    if (this.at >= this.text.length) {
      this.at = this.text.length + 1;
      return END;
    }
    return this.text[this.at++] as string;
  }

  /** Steps back over the last character read (also over the end). */
  private back(): void {
    this.at--;
  }

  private nextNonBlank(): string {
    let c = this.next();
    while (isBlank(c)) c = this.next();
    return c;
  }

  private fail(): never {
    throw new Unreadable();
  }

  read(): SedScriptReading {
    for (;;) {
      let c = this.next();
      while (c === ";" || isSpace(c)) c = this.next();
      if (c === END) return this.found;
      if (this.address(c)) {
        c = this.nextNonBlank();
        if (c === ",") {
          if (!this.address(this.nextNonBlank())) this.fail();
          c = this.nextNonBlank();
        }
      }
      if (c === "!") {
        c = this.nextNonBlank();
        if (c === "!") this.fail();
      }
      this.command(c);
    }
  }

  private command(c: string): void {
    switch (c) {
      case "#":
        this.restOfLine();
        return;
      case "{":
        return;
      case ":":
      case "b":
      case "t":
      case "T":
      case "v":
        this.label();
        return;
      case "}":
      case "=":
      case "d":
      case "D":
      case "F":
      case "g":
      case "G":
      case "h":
      case "H":
      case "n":
      case "N":
      case "p":
      case "P":
      case "x":
      case "z":
        this.endOfCommand();
        return;
      case "q":
      case "Q":
      case "l":
      case "L":
        if (isDigit(this.nextNonBlank())) this.digits();
        else this.back();
        this.endOfCommand();
        return;
      case "a":
      case "i":
      case "c":
        if (this.nextNonBlank() === END) this.fail();
        this.back();
        this.readText();
        return;
      case "e": {
        // Its command, read as the text of a, i and c is; none runs the pattern space.
        this.found.features.push("e");
        const first = this.nextNonBlank();
        this.back();
        this.found.operands.push(first === END || first === "\n" ? "" : this.readText());
        return;
      }
      case "r":
      case "R":
      case "w":
      case "W":
        this.found.features.push(c);
        this.found.operands.push(this.fileName());
        return;
      case "s":
        this.substitute();
        return;
      case "y": {
        const delimiter = this.delimiter();
        this.delimited(delimiter, false);
        this.delimited(delimiter, false);
        this.endOfCommand();
        return;
      }
      default:
        this.fail();
    }
  }

  /** An address starting with `c`: true when it is one (then read), false when `c` is not. */
  private address(c: string): boolean {
    if (c === "/" || c === "\\") {
      const delimiter = c === "\\" ? this.delimiter() : "/";
      this.delimited(delimiter, true);
      for (;;) {
        const flag = this.nextNonBlank();
        if (flag !== "I" && flag !== "M") {
          this.back();
          return true;
        }
      }
    }
    if (isDigit(c)) {
      this.digits();
      if (this.nextNonBlank() === "~") this.optionalNumber();
      else this.back();
      return true;
    }
    if (c === "+" || c === "~") {
      this.optionalNumber();
      return true;
    }
    return c === "$";
  }

  private optionalNumber(): void {
    if (isDigit(this.nextNonBlank())) this.digits();
    else this.back();
  }

  /** The digits after one already read. */
  private digits(): void {
    while (isDigit(this.next()));
    this.back();
  }

  private delimiter(): string {
    const c = this.next();
    if (c === END || c === "\n") this.fail();
    return c;
  }

  /**
   * Up to and past the next `delimiter` that is not escaped by a backslash; in a regex, also not
   * inside a bracket expression (`s/[/]/x/` replaces a slash). A new line not escaped ends it.
   */
  private delimited(delimiter: string, regex: boolean): string {
    let part = "";
    for (;;) {
      const c = this.next();
      if (c === END || c === "\n") this.fail();
      if (c === delimiter) return part;
      if (c === "\\") {
        const escaped = this.next();
        if (escaped === END) this.fail();
        part += c + escaped;
      } else if (c === "[" && regex) {
        part += c + this.bracket();
      } else {
        part += c;
      }
    }
  }

  /**
   * The rest of a bracket expression after its `[`, through its closing `]`: a leading `^` and
   * `]` are members, and `[.`, `[:`, `[=` open an element that only `.]`, `:]`, `=]` close.
   * Backslashes are members here, not escapes.
   */
  private bracket(): string {
    let part = "";
    let c = this.next();
    if (c === "^") {
      part += c;
      c = this.next();
    }
    if (c === "]") {
      part += c;
      c = this.next();
    }
    // 0: among members; 1: just after a `[`; 2: inside an element; 3: after its closing mark.
    let state = 0;
    let mark = "";
    for (; ; c = this.next()) {
      if (c === END || c === "\n") this.fail();
      part += c;
      if (c === "." || c === ":" || c === "=") {
        if (state === 1) {
          mark = c;
          state = 2;
          continue;
        }
        if (state === 2 && c === mark) {
          state = 3;
          continue;
        }
      } else if (c === "[") {
        if (state === 0) state = 1;
        continue;
      } else if (c === "]") {
        if (state === 0 || state === 1) return part;
        if (state === 3) state = 0;
      }
      // Anything else after a `[` is a member; anything but `]` after a closing mark is inside.
      state &= ~1;
    }
  }

  private substitute(): void {
    const delimiter = this.delimiter();
    this.delimited(delimiter, true);
    this.delimited(delimiter, false);
    for (;;) {
      const c = this.nextNonBlank();
      if ("iImMpg".includes(c) && c !== END) continue;
      if (isDigit(c)) {
        this.digits();
        continue;
      }
      if (c === "e") {
        this.found.features.push("s///e");
        continue;
      }
      if (c === "w") {
        this.found.features.push("s///w");
        this.found.operands.push(this.fileName());
        return;
      }
      if (c === "}" || c === "#") {
        this.back();
        return;
      }
      if (c === END || c === "\n" || c === ";") return;
      if (c === "\r" && this.next() === "\n") return;
      this.fail();
    }
  }

  /** A label (of :, b, t, T) or version (of v): up to a blank, `;`, `}`, `#` or the line end. */
  private label(): void {
    let c = this.nextNonBlank();
    while (c !== END && c !== "\n" && !isBlank(c) && c !== ";" && c !== "}" && c !== "#") {
      c = this.next();
    }
    this.back();
  }

  /** After a command: blanks, then `;`, a new line or the end (`}` and `#` start the next). */
  private endOfCommand(): void {
    const c = this.nextNonBlank();
    if (c === "}" || c === "#") this.back();
    else if (c !== END && c !== "\n" && c !== ";") this.fail();
  }

  /**
   * The text of a, i, c or e, from its first character: one line (`a text`, `a\text`, or `a\`
   * and the next line); a backslash keeps the next character, a new line included, in the text.
   */
  private readText(): string {
    let text = "";
    let c = this.next();
    if (c === "\\") {
      c = this.next();
      if (c === END) return text;
      if (c !== "\n") text += c;
    } else {
      this.back();
    }
    for (;;) {
      c = this.next();
      if (c === END || c === "\n") return text;
      if (c === "\\") {
        c = this.next();
        if (c === END) return text;
      }
      text += c;
    }
  }

  /** The file name of r, R, w, W, s///w: the rest of the line after blanks. */
  private fileName(): string {
    this.nextNonBlank();
    this.back();
    return this.restOfLine();
  }

  private restOfLine(): string {
    let line = "";
    for (let c = this.next(); c !== END && c !== "\n"; c = this.next()) line += c;
    return line;
  }
}

/** sed's long options (GNU sed 4.9), each with the short option it stands for and its value. */
const LONG_OPTIONS: readonly [name: string, id: string, value: "none" | "required" | "optional"][] =
  [
    ["binary", "b", "none"],
    ["debug", "debug", "none"],
    ["expression", "e", "required"],
    ["file", "f", "required"],
    ["follow-symlinks", "follow-symlinks", "none"],
    ["help", "help", "none"],
    ["in-place", "i", "optional"],
    ["line-length", "l", "required"],
    ["null-data", "z", "none"],
    ["zero-terminated", "z", "none"],
    ["posix", "posix", "none"],
    ["quiet", "n", "none"],
    ["silent", "n", "none"],
    ["regexp-extended", "E", "none"],
    ["sandbox", "sandbox", "none"],
    ["separate", "s", "none"],
    ["unbuffered", "u", "none"],
    ["version", "version", "none"],
  ];

/** Short options that take a value: the rest of their word, or else the next word. */
const SHORT_WITH_VALUE = "eflV";

/** The long option `written` means, as getopt reads it: exact, or else a prefix of one. */
function longOption(written: string) {
  const exact = LONG_OPTIONS.find(([name]) => name === written);
  if (exact) return exact;
  const matches = LONG_OPTIONS.filter(([name]) => name.startsWith(written));
  const ids = new Set(matches.map(([, id]) => id));
  return ids.size === 1 ? matches[0] : undefined;
}

/** sed's arguments read as sed reads them. */
export interface SedLine {
  /** The script (its -e texts, or its first operand, joined by new lines). */
  script: string;
  /** Indexes of the arguments that hold script text. */
  scriptArgs: number[];
  /** Whether a script comes from a file (-f, --file), which cannot be checked. */
  scriptFile: boolean;
  /** A long option that is unknown or ambiguous, which sed refuses. */
  badOption?: string;
}

/**
 * Reads sed's arguments as GNU getopt does (options anywhere before `--`, short options grouped,
 * values attached or in the next word, long options abbreviated): the -e texts, or else the first
 * operand, are the script.
 */
export function readSedArgs(args: readonly string[]): SedLine {
  const texts: string[] = [];
  const scriptArgs: number[] = [];
  const operands: number[] = [];
  let scriptFile = false;
  let badOption: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (word === "--") {
      for (let j = i + 1; j < args.length; j++) operands.push(j);
      break;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const written = word.slice(2, eq < 0 ? undefined : eq);
      const option = longOption(written);
      if (!option) {
        badOption ??= word;
        continue;
      }
      const [, id, takes] = option;
      let value = eq < 0 ? undefined : word.slice(eq + 1);
      let at = i;
      if (takes === "required" && value === undefined) {
        at = ++i;
        value = args[at];
      }
      if (id === "e" && value !== undefined) {
        texts.push(value);
        scriptArgs.push(at);
      }
      if (id === "f") scriptFile = true;
      continue;
    }
    if (word.startsWith("-") && word.length > 1) {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k] as string;
        if (letter === "i") break;
        if (!SHORT_WITH_VALUE.includes(letter)) continue;
        let value: string | undefined = word.slice(k + 1);
        let at = i;
        if (value === "") {
          at = ++i;
          value = args[at];
        }
        if (letter === "e" && value !== undefined) {
          texts.push(value);
          scriptArgs.push(at);
        }
        if (letter === "f") scriptFile = true;
        break;
      }
      continue;
    }
    operands.push(i);
  }
  if (texts.length === 0 && !scriptFile && operands.length > 0) {
    const first = operands[0] as number;
    texts.push(args[first] as string);
    scriptArgs.push(first);
  }
  return {
    script: texts.join("\n"),
    scriptArgs,
    scriptFile,
    ...(badOption !== undefined && { badOption }),
  };
}
