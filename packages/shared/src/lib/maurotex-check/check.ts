// The live Mauro-TeX checker: what the compilers (m2hv, m2lv, m2ledmac) would say about a
// source, in their words, without running them. Findings come in the order the compilers print
// them; after the first syntax error only the lexer's warnings follow (the compilers' recovery
// is not modelled).
import { documento } from "./document.js";
import { outlineOf, siglaOf } from "./outline.js";
import { Parser, SyntaxStop, TooDeep } from "./parser.js";
import { TEXT_GRAMMAR } from "./text.js";
import { tokenize, type UnknownMacro } from "./tokens.js";
import type { CheckResult } from "./types.js";

/** Checks a Mauro-TeX document as the compilers read it. */
export function checkMauroTex(text: string): CheckResult {
  const unknown: UnknownMacro[] = [];
  const tokens = tokenize(text, unknown);
  const parser = new Parser(TEXT_GRAMMAR, text, tokens, unknown);
  let lexedAll = true;
  try {
    documento(parser);
  } catch (error) {
    if (error instanceof TooDeep) {
      const message = "gruppi annidati troppo in profondità: controllo interrotto qui";
      parser.add(error.token, message, "warning", "too-deep");
      return {
        findings: parser.findings,
        outline: outlineOf(text, tokens),
        sigla: siglaOf(text, tokens),
      };
    }
    if (!(error instanceof SyntaxStop)) throw error;
    // With nothing open to recover in, or after recovering in the document itself, the
    // compilers give up and read no further.
    const frame = parser.frames[parser.frames.length - 1];
    lexedAll = frame !== undefined && frame.code !== "htmlcut-missing";
    parser.syntaxError(error.token);
  }
  if (lexedAll) parser.finishLexing();
  return {
    findings: parser.findings,
    outline: outlineOf(text, tokens),
    sigla: siglaOf(text, tokens),
  };
}
