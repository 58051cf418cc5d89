// The parser's state and its small steps. The grammar (text.ts, structures.ts, document.ts)
// reads one token ahead, like the compilers' parser, so it stops at the same token they do.
import type { CheckFinding, CheckSeverity } from "./types.js";
import type { Tokens, UnknownMacro } from "./tokens.js";

/** Thrown where the compilers would say "syntax error"; caught once, at the top. */
/** Thrown when texts nest deeper than the checker follows (the compilers would go on). */
export class TooDeep extends Error {
  constructor(readonly token: number) {
    super("too deep");
  }
}

export class SyntaxStop extends Error {
  constructor(readonly token: number) {
    super("syntax error");
  }
}

/**
 * An open construct the compilers recover from after an error (an open brace, bracket…): the
 * message they print then, at which token.
 */
export interface Frame {
  message: string;
  token: number;
  code: string;
}

/** The parts of the grammar that read running text (text.ts), for the other parts to call. */
export interface TextGrammar {
  testo(p: Parser, square: boolean): void;
  testobra(p: Parser): void;
  testosquare(p: Parser): void;
  testonospace(p: Parser): void;
}

export class Parser {
  i = 0;
  /** How many texts are open (nested groups). */
  depth = 0;
  readonly findings: CheckFinding[] = [];
  readonly frames: Frame[] = [];
  /** Sigla of `\ElencoTestimoni`, as declared so far. */
  readonly witnesses = new Set<string>();
  readonly units = new Set<string>();
  readonly labelKeys = new Set<string>();
  readonly labels = new Set<string>();
  /** Token after `\begin{document}` (where `\htmlcut` must be), or -1. */
  htmlcutSlot = -1;
  private warnedUpTo = 0;
  private unknownAt = 0;

  constructor(
    readonly g: TextGrammar,
    readonly text: string,
    readonly t: Tokens,
    private readonly unknown: UnknownMacro[],
  ) {}

  /** The current token's kind (the lookahead). */
  at(): string {
    this.reach(this.i);
    return this.t.kind[this.i]!;
  }

  /** The kind `n` tokens ahead. */
  ahead(n: number): string {
    const j = Math.min(this.i + n, this.t.kind.length - 1);
    this.reach(j);
    return this.t.kind[j]!;
  }

  /** The lexer reports unknown macros as it reads them; so do we. */
  private reach(j: number): void {
    if (j < this.warnedUpTo) return;
    const u = this.unknown;
    while (this.unknownAt < u.length && u[this.unknownAt]!.token <= j) {
      const m = u[this.unknownAt++]!;
      this.add(m.token, `${m.name}: macro inesistente`, "warning", "macro-unknown");
    }
    this.warnedUpTo = j + 1;
  }

  /** Reports every unknown macro not reported yet (the lexer reads to the end). */
  finishLexing(): void {
    this.reach(this.t.kind.length - 1);
  }

  next(): number {
    return this.i++;
  }

  word(token: number): string {
    return this.text.slice(this.t.from[token], this.t.to[token]);
  }

  tooDeep(): never {
    throw new TooDeep(this.i);
  }

  fail(): never {
    throw new SyntaxStop(this.i);
  }

  expect(kind: string): number {
    if (this.at() !== kind) this.fail();
    return this.i++;
  }

  isSpace(): boolean {
    const k = this.at();
    return k === "SP" || k === "NL";
  }

  optspaces(): void {
    while (this.isSpace()) this.i++;
  }

  push(message: string, token: number, code = "syntax-context"): void {
    this.frames.push({ message, token, code });
  }

  pop(): void {
    this.frames.pop();
  }

  /** A finding at a token (its line and place). */
  add(token: number, message: string, severity: CheckSeverity, code: string): void {
    this.findings.push(this.findingAt(token, message, severity, code));
  }

  findingAt(token: number, message: string, severity: CheckSeverity, code: string): CheckFinding {
    const from = this.t.from[token]!;
    let lineStart = this.text.lastIndexOf("\n", from - 1) + 1;
    if (lineStart < 0) lineStart = 0;
    return {
      line: this.t.line[token]!,
      column: from - lineStart + 1,
      from,
      to: Math.max(this.t.to[token]!, from + (from < this.text.length ? 1 : 0)),
      message,
      severity,
      code,
    };
  }

  /** A siglum used in a reading: the compilers warn when `\ElencoTestimoni` does not list it. */
  witness(token: number): void {
    const s = this.word(token);
    if (s !== "*" && !this.witnesses.has(s)) {
      this.add(token, `${s} assente da elenco testimoni`, "warning", "siglum-undeclared");
    }
  }

  /** Closing token of a group opened at `open`: the compilers warn past 20 lines. */
  span(open: number, close: number, what: string): void {
    if (this.t.line[close]! - this.t.line[open]! > 20) {
      this.add(open, `${what} aperta`, "warning", "span-long");
      this.add(close, "chiusa in questo punto", "warning", "span-long");
    }
  }

  /**
   * Records the syntax error at `token` as the compilers print it: "syntax error" at the line
   * they are reading (one more when the token is a line end), then the message of the innermost
   * construct they recover in.
   */
  syntaxError(token: number): void {
    const t = this.t;
    const f = this.findingAt(token, "syntax error", "error", "syntax");
    if (t.kind[token] === "NL") f.line += 1;
    if (t.kind[token] === "EOF") f.line = t.lastLine;
    const frame = this.frames[this.frames.length - 1];
    if (frame?.code === "htmlcut-missing") f.code = "htmlcut-missing";
    else if (frame) f.code = frame.code === "reading" ? "reading" : "syntax";
    this.findings.push(f);
    if (!frame) return;
    // After any error at the top of the text the compilers recover in the document itself and
    // say "un documento deve iniziare con \htmlcut": only true where `\htmlcut` belongs.
    if (frame.code === "htmlcut-missing" && token !== this.htmlcutSlot) return;
    this.add(frame.token, frame.message, "error", frame.code);
  }
}
