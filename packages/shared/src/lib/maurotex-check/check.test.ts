import { describe, expect, it } from "vitest";
import { checkMauroTex } from "./check.js";

// Every expected answer below is what the real m2lv printed for the same text (built from the
// public compiler project, outside CI): errors in order, then warnings.

const HEAD = "\\documentclass{article}\n\\ElencoTestimoni{A/B}\n\\begin{document}\n\\htmlcut\n";
const doc = (body: string) => `${HEAD}${body}\n\\end{document}\n`;

function said(text: string) {
  const { findings } = checkMauroTex(text);
  return {
    errors: findings.filter((f) => f.severity === "error").map((f) => `${f.line}: ${f.message}`),
    warnings: findings
      .filter((f) => f.severity === "warning")
      .map((f) => `${f.line}: ${f.message}`),
  };
}

describe("checkMauroTex: what the compilers refuse", () => {
  it("accepts a document the compilers accept", () => {
    const text = doc(
      "\\Capitolo{Primum}\n\\par\n\\Unit Testo \\VV{{*:set}{A/B:et}}, \\Folium{A:3r} finis.",
    );
    expect(checkMauroTex(text).findings).toEqual([]);
  });

  it("an unclosed brace: syntax error where they stop, then the brace's line", () => {
    expect(said(doc("Uno\ndue \\INTE{tre\nquattro\n\\par")).errors).toEqual([
      "9: syntax error",
      "6: dopo questo punto",
    ]);
  });

  it("a stray brace at the top: syntax error at its line (not the misleading \\htmlcut one)", () => {
    expect(said(doc("Uno\ndue}\ntre")).errors).toEqual(["6: syntax error"]);
  });

  it("a document that does not begin with \\htmlcut", () => {
    const text = "\\documentclass{article}\n\\begin{document}\n\\Unit Testo\n\\end{document}\n";
    const { findings } = checkMauroTex(text);
    expect(findings.map((f) => `${f.line}: ${f.message}`)).toEqual([
      "3: syntax error",
      "2: un documento deve iniziare con \\htmlcut",
    ]);
    expect(findings[0]?.code).toBe("htmlcut-missing");
  });

  it("a missing argument: the error is at the next token, one line on after a line end", () => {
    expect(said(doc("\\Title{Opus}\n\\Capitolo{Primum}")).errors).toEqual(["6: syntax error"]);
    expect(said(doc("\\LB{l}")).errors).toEqual(["6: syntax error"]);
  });

  it("a reading without ':'", () => {
    const { findings } = checkMauroTex(doc("Uno \\VV{{A:a} {B b}}"));
    expect(findings.map((f) => `${f.line}: ${f.message}`)).toEqual([
      "5: syntax error",
      "5: Y dopo questo punto",
    ]);
    expect(findings[0]?.code).toBe("reading");
  });

  it("warns of unknown macros and undeclared sigla, as the compilers do (not errors)", () => {
    expect(said(doc("Uno \\Capitolx{x} \\VX{{A:a}} \\VV{{C:c}}\n\\Folium{D:1r}"))).toEqual({
      errors: [],
      warnings: [
        "5: \\Capitolx: macro inesistente",
        "5: \\VX: macro inesistente",
        "5: C assente da elenco testimoni",
        "6: D assente da elenco testimoni",
      ],
    });
    expect(said("Testo \\VV{{A:x}{B:y}} e $a^{2}$.\n").warnings).toEqual([
      "1: A assente da elenco testimoni",
      "1: B assente da elenco testimoni",
    ]);
  });

  it("labels, options, empty lists, environments, duplicated sigla", () => {
    expect(said(doc("\\Unit[a] uno \\Unit[a] due")).errors).toEqual([
      "5: etichetta gia` utilizzata",
    ]);
    expect(said(doc("uno \\VV{} due")).errors).toEqual(["5: nessun campo nella lista"]);
    expect(said(doc("\\VV[brevis]{{A:x}}")).errors).toEqual([
      "5: opzione sconosciuta per una variante",
    ]);
    expect(said(doc("\\begin{quote}uno\\end{itemize}"))).toEqual({
      errors: ["5: ambiente quote"],
      warnings: ["5: chiuso con itemize"],
    });
    const dup =
      "\\documentclass{article}\n\\ElencoTestimoni{A/B/A}\n\\begin{document}\n\\htmlcut\n\\end{document}\n";
    expect(said(dup).warnings).toEqual(["2: A duplicato in elenco testimoni"]);
  });

  it("follows the grammar where LaTeX would not: \\\\ outside tables, [ after a blank, text after the end", () => {
    expect(said(doc("uno \\\\ due")).errors).toEqual(["5: syntax error"]);
    expect(said(doc("uno [due] tre")).errors).toEqual(["5: syntax error"]);
    expect(said(doc("uno \\INTE{due [tre]}")).errors).toEqual([
      "5: syntax error",
      "5: dopo questo punto",
    ]);
    expect(said(doc("uno \\INTE{due[tre]}")).errors).toEqual([]);
    expect(said(`${doc("uno")}dopo\n`).errors).toEqual(["7: syntax error"]);
    expect(said("Testo\n\\ElencoTestimoni{A}\n").errors).toEqual(["2: syntax error"]);
  });

  it("ignores comments, braces in them included", () => {
    expect(said(doc("Uno % { \\VX\ndue")).errors).toEqual([]);
    expect(said(doc("Uno % { \\VX\ndue")).warnings).toEqual([]);
  });

  it("places findings for the editor's marks", () => {
    const text = doc("Uno \\Capitolx{x}");
    const [f] = checkMauroTex(text).findings;
    expect(f).toMatchObject({ line: 5, column: 5, severity: "warning", code: "macro-unknown" });
    expect(text.slice(f!.from, f!.to)).toBe("\\Capitolx");
  });
});

describe("checkMauroTex: outline and sigla", () => {
  const text = [
    "\\documentclass{book}",
    "\\ElencoTestimoni{A/B2/*}",
    "\\begin{document}",
    "\\htmlcut",
    "\\Title{\\INTE{Varia de centris}}{}",
    "\\Capitolo{\\Folium{A:8r}De centro}",
    "\\Sottocapitolo{Problema}",
    "\\Prop{1,2}",
    "\\Lemma{}",
    "\\end{document}",
    "",
  ].join("\n");

  it("lists the parts the edition's macros open, with their depth", () => {
    const { outline } = checkMauroTex(text);
    expect(outline.map((o) => [o.kind, o.title, o.level, o.line])).toEqual([
      ["Title", "Varia de centris", 0, 5],
      ["Capitolo", "De centro", 1, 6],
      ["Sottocapitolo", "Problema", 2, 7],
      ["Prop", "Prop 1,2", 3, 8],
      ["Lemma", "Lemma", 3, 9],
    ]);
    expect(text.slice(outline[1]!.from).startsWith("\\Capitolo")).toBe(true);
  });

  it("gives each declared siglum with its place (the base text * is not one)", () => {
    const { sigla } = checkMauroTex(text);
    expect(sigla.map((s) => [s.siglum, s.line, s.column])).toEqual([
      ["A", 2, 18],
      ["B2", 2, 20],
    ]);
    expect(text.slice(sigla[1]!.from, sigla[1]!.to)).toBe("B2");
  });

  it("keeps the outline while the text has errors", () => {
    expect(checkMauroTex(text.replace("{Problema}", "{Problema")).outline.length).toBe(5);
  });
});

describe("checkMauroTex: speed", () => {
  it("stops with a warning, not a crash, on groups nested thousands deep", () => {
    const text = doc(`${"{\\INTE{".repeat(20_000)}x${"}}".repeat(20_000)}`);
    const { findings } = checkMauroTex(text);
    expect(findings).toEqual([
      expect.objectContaining({ severity: "warning", code: "too-deep", line: 5 }),
    ]);
  });

  it("checks a 5,000-line document well within a keystroke's budget", () => {
    const body = "\\Unit Testo \\VV{{A:uno}{B:due}} e \\INTE{tre} quattro.\n\\par\n";
    const text = doc(body.repeat(2500));
    checkMauroTex(text);
    const start = performance.now();
    const result = checkMauroTex(text);
    expect(result.findings).toEqual([]);
    expect(performance.now() - start).toBeLessThan(250); // the bench row holds the real goal (50 ms)
  });
});
