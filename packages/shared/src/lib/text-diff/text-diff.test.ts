import { describe, expect, it } from "vitest";
import type { DiffLine } from "../../schemas/history.js";
import { diffReadings, parseVariants } from "./maurotex-readings.js";
import { diffSequences, DEL, INS, SAME } from "./sequence-diff.js";
import { diffTexts, splitLines } from "./text-diff.js";
import { tokenize } from "./word-diff.js";

/**
 * Lines of /work/shared/fixtures/maurotex/varia-de-centris.tex (10-22, 47-53, 70-76, 108-118),
 * here because shared's code (its tests included) reads no files.
 */
const VARIA = String.raw`\Title{\INTE{Varia de centris}}{}
\Capitolo{De centro solidi parabolae demonstratio acutissima cum collatione aliorum centrorum}
\par
Testo \VV{{L2/Bas:\MARG: prodiorthosis}{G/L/N/Bas:prodiorthosis}}, praecedens correctio. Haec figura, ubi aliquid necessarium dictu,
\VV{{*:set}{G/L/N/Bas:et}} insuave audientibus aut odiosum
nobis dicturi sumus, praemunit. \VV{{N2/Bas:Exemplum}{G/L/N:exemplo}} apud Ciceronem
frequens: ‘Quamquam sentio \VV{{N/Bas:quanta}{G/L:quanto}} hoc cum offensione \VV{{Bas:dicturus sim}{G/L:dicturus sum}{N:sum dicturus}}, dicendum \VV{{*:est}{G:est tamen}}’.
%%% Quando \par è seguito immediatamente da una macro, \pstart viene posizionato in maniera scorretta, all'interno della macro invece che fuori
\par
\VV{{L2/Bas:\MARG: prodiorthosis}{G/L/N/Bas:prodiorthosis}}, praecedens correctio. Haec figura, ubi aliquid necessarium dictu,
\VV{{*:set}{G/L/N/Bas:et}} insuave audientibus aut odiosum
nobis dicturi sumus, praemunit. \VV{{N2/Bas:Exemplum}{G/L/N:exemplo}} apud Ciceronem
frequens: ‘Quamquam sentio \VV{{N/Bas:quanta}{G/L:quanto}} hoc cum offensione \VV{{Bas:dicturus sim}{G/L:dicturus sum}{N:sum dicturus}}, dicendum \VV{{*:est}{G:est tamen}}’.
\par
\Unit 
Curam \VV{{1:\POSTDEL{habenda}:corporis}} tibi non suadeo, claro medico et \VV{{*:\DES{add.}\INTERL:qui}}
\VV{{*:\EX{clarissimi}:clarissimum}} \VV{{*:\DES{add.}\INTERL:huius etatis}} \VV{{*:\EX{medici}:medicum}} \VV{{1:\ANTEDEL{huius etatis filio}:patrem}}
habes.
%\NOTAMARG{{*:\INTERL:attende aliquid de questione medicorum}} Puto tibi et causas morbi tui notas et remedia;
\par
\par
\Date{
    {{\SAT} \VV{
             {A+:\POSTDEL{apr.}:5\Sup{o}}
             } maii 1565}
   {05.05.1565}
     }
\Sottocapitolo{Problema tagid}
\par

\VV{{A:\EX{ex}:ex}}
\VV{{A:\INTERL:interl}}
\VV{{A:\PC:pc}}
\VV{{A:\MARG:marg}}
\VV{{A:\BIS:bis}}
\VV{{A:\MARGSIGN:margsign}}

\end{document}
`;

/** The 1-based line where `text` first occurs. */
function lineOf(text: string, needle: string): number {
  return splitLines(text).findIndex((l) => l.includes(needle)) + 1;
}

/** The changed words of a line side, in order. */
function marked(line: DiffLine, side: "old" | "new"): string[] {
  return line[side].filter((s) => s.changed).map((s) => s.text);
}

function textOf(line: DiffLine, side: "old" | "new"): string {
  return line[side].map((s) => s.text).join("");
}

describe("diffSequences", () => {
  it("finds a shortest edit script", () => {
    const ops = diffSequences([1, 2, 3, 4, 5], [1, 3, 4, 6, 5]);
    expect(ops).toEqual([SAME, DEL, SAME, SAME, INS, SAME]);
  });

  it("answers sequences with nothing in common (and empty ones)", () => {
    expect(diffSequences([], [])).toEqual([]);
    expect(diffSequences([1, 2], [])).toEqual([DEL, DEL]);
    expect(diffSequences([], [3])).toEqual([INS]);
    const ops = diffSequences([1, 2], [3, 4]);
    expect(ops.filter((o) => o === DEL)).toHaveLength(2);
    expect(ops.filter((o) => o === INS)).toHaveLength(2);
  });

  it("keeps every element once when the distance is beyond the bound", () => {
    const a = Array.from({ length: 30_000 }, (_, i) => i);
    const b = a.map((v) => (v % 2 === 0 ? v : -v - 1));
    const ops = diffSequences(a, b);
    expect(ops.filter((o) => o !== INS)).toHaveLength(a.length);
    expect(ops.filter((o) => o !== DEL)).toHaveLength(b.length);
    expect(ops.filter((o) => o === SAME)).toHaveLength(15_000);
  });
});

describe("tokenize", () => {
  it("splits words with accents, macros, braces and punctuation", () => {
    expect(tokenize("Testo \\VV{{L2/Bas:è}}, ‘Quamquam")).toEqual([
      "Testo",
      " ",
      "\\VV",
      "{",
      "{",
      "L2",
      "/",
      "Bas",
      ":",
      "è",
      "}",
      "}",
      ",",
      " ",
      "‘",
      "Quamquam",
    ]);
  });
});

describe("diffTexts", () => {
  it("marks only the changed word of a changed line", () => {
    const newText = VARIA.replace(
      "insuave audientibus aut odiosum",
      "insuave audientibus vel odiosum",
    );
    const { lines } = diffTexts(VARIA, newText);
    const changes = lines.filter((l) => l.kind !== "same" && l.kind !== "skip");
    expect(changes).toHaveLength(1);
    const [line] = changes as [DiffLine];
    expect(line.kind).toBe("changed");
    expect(line.oldLine).toBe(lineOf(VARIA, "insuave"));
    expect(line.newLine).toBe(line.oldLine);
    expect(marked(line, "old")).toEqual(["aut"]);
    expect(marked(line, "new")).toEqual(["vel"]);
    expect(textOf(line, "old")).toBe("\\VV{{*:set}{G/L/N/Bas:et}} insuave audientibus aut odiosum");
    expect(textOf(line, "new")).toBe("\\VV{{*:set}{G/L/N/Bas:et}} insuave audientibus vel odiosum");
  });

  it("keeps three lines of context and counts the skipped ones", () => {
    const old = splitLines(VARIA);
    const newText = VARIA.replace(
      "\\Sottocapitolo{Problema tagid}",
      "\\Sottocapitolo{Problema tagid bis}",
    );
    const { lines } = diffTexts(VARIA, newText);
    const at = old.indexOf("\\Sottocapitolo{Problema tagid}") + 1;
    expect(lines.map((l) => l.kind)).toEqual([
      "skip",
      "same",
      "same",
      "same",
      "changed",
      "same",
      "same",
      "same",
      "skip",
    ]);
    expect(lines[0]).toMatchObject({ kind: "skip", oldLine: 1, newLine: 1, count: at - 4 });
    expect(lines[4]).toMatchObject({ oldLine: at, newLine: at });
    expect(lines[8]).toMatchObject({ kind: "skip", oldLine: at + 4, count: old.length - at - 3 });
    expect(marked(lines[4] as DiffLine, "new")).toEqual([" bis"]);
    const none = diffTexts(VARIA, newText, { context: 0 }).lines;
    expect(none.map((l) => l.kind)).toEqual(["skip", "changed", "skip"]);
  });

  it("answers identical texts with one skip", () => {
    const { lines, readings } = diffTexts(VARIA, VARIA, { maurotex: true });
    expect(lines).toEqual([
      { kind: "skip", oldLine: 1, newLine: 1, old: [], new: [], count: splitLines(VARIA).length },
    ]);
    expect(readings).toEqual([]);
    expect(diffTexts("", "").lines).toEqual([]);
  });

  it("compares with an empty side", () => {
    const added = diffTexts("", "a\nb\n").lines;
    expect(added).toEqual([
      { kind: "added", oldLine: null, newLine: 1, old: [], new: [{ text: "a", changed: false }] },
      { kind: "added", oldLine: null, newLine: 2, old: [], new: [{ text: "b", changed: false }] },
    ]);
    const removed = diffTexts("a\n", "").lines;
    expect(removed).toEqual([
      { kind: "removed", oldLine: 1, newLine: null, old: [{ text: "a", changed: false }], new: [] },
    ]);
  });

  it("takes CRLF, CR and LF line ends alike", () => {
    expect(diffTexts("a\r\nb\r\nc\r\n", "a\nb\nc\n").lines.map((l) => l.kind)).toEqual(["skip"]);
    const { lines } = diffTexts("uno\r\ndue volte\r\ntre", "uno\rtre volte\rtre", { context: 1 });
    expect(lines.map((l) => l.kind)).toEqual(["same", "changed", "same"]);
    expect(textOf(lines[1] as DiffLine, "old")).toBe("due volte");
  });

  it("shows an unrelated replacement as removed and added lines", () => {
    const { lines } = diffTexts("alpha beta gamma\nsame\n", "\\Capitolo{Prove}\nsame\n");
    expect(lines.map((l) => l.kind)).toEqual(["removed", "added", "same"]);
  });

  it("pairs an edited line with its new version among inserted lines", () => {
    const oldText = "zero\nQuamquam sentio quanta hoc cum offensione\nend\n";
    const newText = "zero\nnew line here\nQuamquam sentio quanto hoc cum offensione\nend\n";
    const { lines } = diffTexts(oldText, newText);
    expect(lines.map((l) => l.kind)).toEqual(["same", "added", "changed", "same"]);
    expect(marked(lines[2] as DiffLine, "old")).toEqual(["quanta"]);
  });

  it("is fast on a large text with a few changes", () => {
    const big = Array.from({ length: 1400 }, (_, k) =>
      VARIA.replaceAll("Testo", `Testo ${k}`),
    ).join("\n");
    expect(big.length).toBeGreaterThan(2_500_000);
    const perCopy = splitLines(VARIA).length + 1;
    const edited = big.replace("Testo 300", "Testo trecenti").replace("Testo 599", "Testo ultimo");
    const started = performance.now();
    const { lines, readings } = diffTexts(big, edited, { maurotex: true });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(lines.filter((l) => l.kind === "changed").map((l) => l.newLine)).toEqual([
      300 * perCopy + lineOf(VARIA, "Testo"),
      599 * perCopy + lineOf(VARIA, "Testo"),
    ]);
    expect(readings).toEqual([]);
  });

  it("stays bounded when everything changes", () => {
    const a = Array.from({ length: 20_000 }, (_, k) => `riga ${k} ${k * 7}`).join("\n");
    const b = Array.from({ length: 20_000 }, (_, k) => `linea ${k * 3}`).join("\n");
    const started = performance.now();
    const { lines } = diffTexts(a, b);
    expect(performance.now() - started).toBeLessThan(5000);
    const oldCount = lines.filter((l) => l.oldLine !== null && l.kind !== "skip").length;
    expect(oldCount).toBe(20_000);
  });
});

describe("parseVariants", () => {
  it("reads sigla and readings, nested braces and colons included", () => {
    const variants = parseVariants(VARIA);
    expect(variants[0]).toMatchObject({
      macro: "\\VV",
      line: 4,
      readings: [
        { sigla: ["L2", "Bas"], reading: "\\MARG: prodiorthosis" },
        { sigla: ["G", "L", "N", "Bas"], reading: "prodiorthosis" },
      ],
    });
    expect(variants[1]?.readings).toEqual([
      { sigla: ["*"], reading: "set" },
      { sigla: ["G", "L", "N", "Bas"], reading: "et" },
    ]);
    const postdel = variants.find((v) => v.readings[0]?.reading.startsWith("\\POSTDEL{habenda}"));
    expect(postdel?.readings).toEqual([{ sigla: ["1"], reading: "\\POSTDEL{habenda}:corporis" }]);
  });

  it("follows a variant over several lines and leaves commented ones aside", () => {
    const variants = parseVariants(VARIA);
    const date = variants.find((v) => v.readings[0]?.sigla[0] === "A+");
    expect(date).toMatchObject({
      line: lineOf(VARIA, "{\\SAT} \\VV{"),
      readings: [{ sigla: ["A+"], reading: "\\POSTDEL{apr.}:5\\Sup{o}" }],
    });
    expect(variants.some((v) => v.macro === "\\NOTAMARG")).toBe(false);
    expect(variants.filter((v) => v.macro === "\\VV")).toHaveLength(25);
  });

  it("knows the figure variants", () => {
    const figura = String.raw`\Figskip{{2cm}[\VF{{*:$Y$}{B:$V$}}]}
\Figura{{figura1}[\VF{{A:$Y$}{B:$V$}{C:$Z$}}]}`;
    const vf = parseVariants(figura).filter((v) => v.macro === "\\VF");
    expect(vf).toHaveLength(2);
    expect(vf[1]?.readings).toEqual([
      { sigla: ["A"], reading: "$Y$" },
      { sigla: ["B"], reading: "$V$" },
      { sigla: ["C"], reading: "$Z$" },
    ]);
  });
});

describe("diffReadings", () => {
  it("names a witness that moved to another reading", () => {
    const changes = diffReadings("x \\VV{{A/B:r}{C:s}} y\n", "x \\VV{{A:r}{B/C:s}} y\n");
    expect(changes).toEqual([
      {
        kind: "changed",
        macro: "\\VV",
        line: 1,
        sigla: ["B"],
        readings: [{ siglum: "B", old: "r", new: "s" }],
      },
    ]);
  });

  it("names the witnesses of a changed reading in a real line", () => {
    const newText = VARIA.replaceAll("{N/Bas:quanta}{G/L:quanto}", "{N/Bas:quanta}{G/L:quantum}");
    const { lines, readings } = diffTexts(VARIA, newText, { maurotex: true });
    const at = lineOf(VARIA, "quanta");
    const changed = lines.filter((l) => l.kind === "changed");
    expect(changed.map((l) => l.newLine)).toEqual([at, at + 6]);
    expect(changed[0]?.new.filter((s) => s.changed).map((s) => s.text)).toEqual(["quantum"]);
    expect(readings).toEqual([
      {
        kind: "changed",
        macro: "\\VV",
        line: at,
        sigla: ["G", "L"],
        readings: [
          { siglum: "G", old: "quanto", new: "quantum" },
          { siglum: "L", old: "quanto", new: "quantum" },
        ],
      },
      {
        kind: "changed",
        macro: "\\VV",
        line: at + 6,
        sigla: ["G", "L"],
        readings: [
          { siglum: "G", old: "quanto", new: "quantum" },
          { siglum: "L", old: "quanto", new: "quantum" },
        ],
      },
    ]);
  });

  it("reports added and removed variants and ignores blanks", () => {
    const oldText = "Curam \\VV{{1:a}{2:b}} tibi\n\\VF{{*:$Y$}{B:$V$}}\n";
    const newText = "Curam \\VV{ {1:a}\n {2:b} } tibi \\VV{{A:nova}{*:}}\n";
    expect(diffReadings(oldText, newText)).toEqual([
      {
        kind: "removed",
        macro: "\\VF",
        line: 2,
        sigla: ["*", "B"],
        readings: [
          { siglum: "*", old: "$Y$", new: null },
          { siglum: "B", old: "$V$", new: null },
        ],
      },
      {
        kind: "added",
        macro: "\\VV",
        line: 2,
        sigla: ["A", "*"],
        readings: [
          { siglum: "A", old: null, new: "nova" },
          { siglum: "*", old: null, new: "" },
        ],
      },
    ]);
  });

  it("gives nothing without the option or for an unchanged text", () => {
    const newText = VARIA.replace("{N2/Bas:Exemplum}", "{N2/Bas:Exempla}");
    expect(diffTexts(VARIA, newText).readings).toEqual([]);
    expect(diffTexts(VARIA, newText, { maurotex: true }).readings).toMatchObject([
      {
        kind: "changed",
        line: lineOf(VARIA, "Exemplum"),
        sigla: ["N2", "Bas"],
        readings: [
          { siglum: "N2", old: "Exemplum", new: "Exempla" },
          { siglum: "Bas", old: "Exemplum", new: "Exempla" },
        ],
      },
    ]);
    expect(diffReadings(VARIA, VARIA)).toEqual([]);
  });
});
