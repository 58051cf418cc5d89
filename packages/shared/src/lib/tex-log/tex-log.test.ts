import { describe, expect, it } from "vitest";
import { parseDiagnostics } from "./index.js";
import accentiTexlive from "./test-data/accenti-texlive.log?raw";
import boxesRunaway from "./test-data/boxes-runaway.log?raw";
import conErroreBang from "./test-data/con-errore-no-file-line-error.log?raw";
import conErrore from "./test-data/con-errore.log?raw";
import missingPackage from "./test-data/missing-package.log?raw";
import pipeline from "./test-data/pipeline.log?raw";
import reledmacWarning from "./test-data/reledmac-warning.log?raw";
import rerun from "./test-data/rerun.log?raw";
import supportStyle from "./test-data/support-style.log?raw";

// The logs under test-data/ are real pdflatex output (TeX Live 2022, max_print_line=1000) under
// the header the server writes; the sources that made them are quoted in each test.

const brief = (d: { file: string; line: number; severity: string }) =>
  `${d.severity} ${d.file}:${d.line}`;

describe("TeX's file:line: messages, the open-file stack", () => {
  // con errore.tex: \usepackage{mystyle} (its line 4 is \badmacroinstyle), line 5
  // \undefinedmacro, line 6 \input{capitolo} (its line 3 is \anotherbad), line 7 \ref and \cite
  // of nothing; "Testo (con parentesi) e [1]" in the text.
  const expected = [
    {
      file: "/docs/mystyle.sty",
      line: 4,
      severity: "error",
      message: "Undefined control sequence.",
    },
    {
      file: "/docs/con errore.tex",
      line: 5,
      severity: "error",
      message: "Undefined control sequence.",
    },
    {
      file: "/docs/capitolo.tex",
      line: 3,
      severity: "error",
      message: "Undefined control sequence.",
    },
    {
      file: "/docs/con errore.tex",
      line: 7,
      severity: "warning",
      message: "Reference `nowhere' on page 1 undefined",
    },
    {
      file: "/docs/con errore.tex",
      line: 7,
      severity: "warning",
      message: "Citation `nobody' on page 1 undefined",
    },
  ];

  it("places errors in a file named with a space, in a style file and in an \\input file", () => {
    expect(parseDiagnostics(conErrore, "/docs/con errore.tex")).toEqual(expected);
  });

  it("places TeX's own `! …` / `l.NN` errors in the file being read then", () => {
    expect(parseDiagnostics(conErroreBang, "/docs/con errore.tex")).toEqual(expected);
  });

  it("reads names with accents and blanks, and blames the user's file for TeX Live's errors", () => {
    // perché sì.tex: line 2 \usepackage[nonexistentoption]{geometry} (keyval's error inside
    // geometry.sty), reledmac's \pstart twice (line 10), \input{"sub dir/altro file"} (its line
    // 3 is \badinput), an \hbox too narrow at line 12.
    const found = parseDiagnostics(accentiTexlive, "/Opere/perché sì.tex");
    expect(found.map(brief)).toEqual([
      "error /Opere/perché sì.tex:1",
      "warning /Opere/perché sì.tex:5",
      "warning /Opere/perché sì.tex:6",
      "warning /Opere/perché sì.tex:6",
      "error /Opere/perché sì.tex:10",
      "error /Opere/perché sì.tex:10",
      "error /Opere/sub dir/altro file.tex:3",
      "warning /Opere/perché sì.tex:12",
    ]);
    expect(found[0]?.message).toBe(
      "Package keyval Error: nonexistentoption undefined. (geometry.sty:1005)",
    );
    expect(found[1]?.message).toMatch(
      /^With OT1 encoding guillemets are poorly faked Use T1 encoding or/,
    );
    expect(found[2]?.message).toBe('File `"perché sì".1\' not found');
    expect(found[7]?.message).toBe("Overfull \\hbox (132.36139pt too wide)");
    expect(found.some((d) => d.outside)).toBe(false);
  });

  it("keeps an error of a support folder's style outside the user's files", () => {
    // doc.m.tex loads mauro.sty from a support folder on TEXINPUTS (its line 4 is undefined;
    // it \message's "Mauro-TeX style (test)"); reledmac warns; an overfull line at 11--13.
    const found = parseDiagnostics(supportStyle, "/docs/doc.tex", { folder: "/docs/doc_m2lv" });
    expect(found).toEqual([
      {
        file: "mauro.sty",
        line: 4,
        severity: "error",
        message: "Undefined control sequence.",
        outside: true,
      },
      {
        file: "/docs/doc_m2lv/doc.m.tex",
        line: 5,
        severity: "warning",
        message: "File `doc.m.1' not found",
      },
      {
        file: "/docs/doc_m2lv/doc.m.tex",
        line: 5,
        severity: "warning",
        message: "File `doc.m.eledsec1' not found",
      },
      {
        file: "/docs/doc_m2lv/doc.m.tex",
        line: 11,
        severity: "warning",
        message: "Overfull \\hbox (185.86234pt too wide)",
      },
    ]);
  });

  it("maps a support folder inside the user's files through userPath", () => {
    const found = parseDiagnostics(supportStyle, "/docs/doc.tex", {
      folder: "/docs/doc_m2lv",
      userPath: (p) => (p.startsWith("/tmp/diag-support/") ? `/support/${p.slice(18)}` : undefined),
    });
    expect(found[0]).toEqual({
      file: "/support/mauro.sty",
      line: 4,
      severity: "error",
      message: "Undefined control sequence.",
    });
  });

  it("joins reledmac's warnings on several lines", () => {
    // warn.tex line 7: \edindex outside \beginnumbering.
    expect(parseDiagnostics(reledmacWarning, "/docs/warn.tex")).toEqual([
      {
        file: "/docs/warn.tex",
        line: 7,
        severity: "warning",
        message:
          "\\edindex called outside of \\beginnumbering ... \\endnumbering. Automatically switched to \\index",
      },
    ]);
  });

  it("reports a missing package and the emergency stop, not TeX's last words", () => {
    expect(parseDiagnostics(missingPackage, "/docs/noend.tex")).toEqual([
      {
        file: "/docs/noend.tex",
        line: 3,
        severity: "error",
        message: "Emergency stop.",
      },
      {
        file: "/docs/noend.tex",
        line: 3,
        severity: "error",
        message: "LaTeX Error: File `nonexistentpackage.sty' not found.",
      },
    ]);
  });

  it("reads only the last of two identical runs (references resolved by the second)", () => {
    expect(rerun).toContain("Reference `s' on page 1 undefined");
    expect(parseDiagnostics(rerun, "/docs/refs.tex")).toEqual([]);
  });
});

describe("the user's text in TeX's output", () => {
  it("does not take the parentheses of boxes and runaway arguments for files", () => {
    // box.tex (without -file-line-error): boxes whose text has "(aperto", a runaway argument
    // "{Testo (con parentesi aperta" (line 9), \\input{dopo}, then an undefined \\ref on line 11.
    // dopo.tex: \\errore on line 2, boxes "parola chiusa) e altro" (line 3) and "Testo) chiuso"
    // (line 4, overfull and underfull), a runaway "{chiusa) qui" (line 8), an undefined \\ref on
    // line 9. Each `)` of the user's text, taken for a file's end, would send what follows to
    // box.tex.
    expect(parseDiagnostics(boxesRunaway, "/docs/box.tex").map(brief)).toEqual([
      "warning /docs/box.tex:3",
      "error /docs/box.tex:9",
      "error /docs/box.tex:9",
      "error /docs/dopo.tex:2",
      "warning /docs/dopo.tex:3",
      "warning /docs/dopo.tex:4",
      "warning /docs/dopo.tex:4",
      "error /docs/dopo.tex:8",
      "error /docs/dopo.tex:8",
      "warning /docs/dopo.tex:9",
      "warning /docs/box.tex:11",
    ]);
  });
});

describe("a pipeline's log", () => {
  it("places the compiler's messages in the source, pdflatex's in the .m.tex, with their step", () => {
    const found = parseDiagnostics(pipeline, "/docs/varia de centris.tex", {
      folder: "/docs/varia de centris_m2lv",
    });
    expect(found.slice(0, 2)).toEqual([
      {
        file: "/docs/varia de centris.tex",
        line: 13,
        severity: "warning",
        message: "\\VV senza lezione del testo base (*)",
        step: "m2lv",
      },
      {
        file: "/docs/varia de centris.tex",
        line: 15,
        severity: "warning",
        message: "\\VV senza lezione del testo base (*)",
        step: "m2lv",
      },
    ]);
    expect(found).toContainEqual({
      file: "/docs/varia de centris_m2lv/varia de centris.m.tex",
      line: 7,
      severity: "error",
      message: "Undefined control sequence.",
      step: "pdflatex",
    });
  });
});

describe("the Mauro-TeX compilers' form", () => {
  it("reads ERRORE: errors and warnings, names with blanks, the copy as the source", () => {
    const log = [
      "EXECUTING: m2hv -s A ./Varia bis.TEX",
      "SOURCE: /Opere/Varia bis.TEX",
      "----",
      "ERRORE:",
      "./Varia bis.TEX:12: testimone D non dichiarato",
      "Varia bis.TEX:30: Variante vuota",
      "other.tex:2: altro",
      "",
    ].join("\n");
    expect(
      parseDiagnostics(log, "/Opere/Varia bis.TEX", { folder: "/Opere/Varia bis_m2hv" }),
    ).toEqual([
      {
        file: "/Opere/Varia bis.TEX",
        line: 12,
        severity: "error",
        message: "testimone D non dichiarato",
      },
      { file: "/Opere/Varia bis.TEX", line: 30, severity: "warning", message: "Variante vuota" },
      { file: "/Opere/Varia bis_m2hv/other.tex", line: 2, severity: "warning", message: "altro" },
    ]);
  });

  it("finds nothing in a clean log", () => {
    const log =
      "EXECUTING: m2hv ./a.tex\nSOURCE: /a.tex\n----\nanalisi del file ./a.tex\nanalisi terminata\n";
    expect(parseDiagnostics(log, "/a.tex")).toEqual([]);
  });
});

describe("the open-file stack in odd output", () => {
  const tex = (...lines: string[]) =>
    [
      "EXECUTING: pdflatex -interaction=nonstopmode ./main.tex",
      "SOURCE: /d/main.tex",
      "----",
      ...lines,
    ].join("\n");

  it("follows quoted names, ordinary parentheses, page markers, maps and font files", () => {
    const log = tex(
      '("./main file.tex" (see (this)) [1{/var/lib/texmf/fonts/map/pdftex/updmap/pdftex.map}] <./img (1).png> ("./sub/a b.sty" Style (v1)',
      "! Undefined control sequence.",
      "l.9 \\oops",
      "        ",
      ") [2] (./c.tex)",
      "! Missing $ inserted.",
      "<inserted text> ",
      "                $",
      "l.4 x^",
      "      2",
    );
    expect(parseDiagnostics(log, "/d/main file.tex").map(brief)).toEqual([
      "error /d/sub/a b.sty:9",
      "error /d/main file.tex:4",
    ]);
  });

  it("reads a name with blanks that was never quoted, with inFiles to choose", () => {
    const log = tex("(./my file.tex Notes.txt here", "! Bad.", "l.2 x", "   ");
    expect(parseDiagnostics(log, "/d/x.tex").map(brief)).toEqual(["error /d/my file.tex:2"]);
    const chosen = parseDiagnostics(log, "/d/x.tex", {
      inFiles: (p) => p === "/d/my file.tex Notes.txt",
    });
    expect(chosen.map(brief)).toEqual(["error /d/my file.tex Notes.txt:2"]);
  });

  it("does not take a parenthesis in an error's context for a file", () => {
    const log = tex(
      "(./main.tex",
      "./main.tex:3: Undefined control sequence.",
      "l.3 Testo (aperta \\x",
      "          (ancora",
      ")",
      "! Later.",
      "l.8 y",
      " ",
    );
    expect(parseDiagnostics(log, "/d/main.tex").map(brief)).toEqual([
      "error /d/main.tex:3",
      "error /d/main.tex:8",
    ]);
  });

  it("blames a TeX Live file with no user's file below it on the file itself, outside", () => {
    const log = tex(
      "(/usr/share/texlive/texmf-dist/tex/latex/base/x.sty",
      "/usr/share/texlive/texmf-dist/tex/latex/base/x.sty:12: Oops.",
      "l.12 z",
      " ",
    );
    expect(parseDiagnostics(log, "/d/main.tex")).toEqual([
      { file: "x.sty", line: 12, severity: "error", message: "Oops.", outside: true },
    ]);
  });

  it("keeps a support style as the sandbox shows it (/texmf-support/N) outside, at its own line", () => {
    const log = tex(
      "(./uses-style.tex",
      "(/texmf-support/0/broken.sty",
      "/texmf-support/0/broken.sty:3: Undefined control sequence.",
      "l.3 \\undefinedinstyle",
      " ",
    );
    expect(parseDiagnostics(log, "/d/uses-style.tex")).toEqual([
      {
        file: "broken.sty",
        line: 3,
        severity: "error",
        message: "Undefined control sequence.",
        outside: true,
      },
    ]);
  });

  it("places an error before any file is open in the source", () => {
    const log = tex("! Emergency stop.", "<*> main.tex", "       ");
    expect(parseDiagnostics(log, "/d/main.tex")).toEqual([
      { file: "/d/main.tex", line: 1, severity: "error", message: "Emergency stop." },
    ]);
  });
});

describe("cost", () => {
  it("reads a long log with long odd lines quickly", () => {
    const odd = `(./${"parola ".repeat(140)}`;
    const lines = ["(./main.tex"];
    for (let i = 0; i < 2000; i++) lines.push(odd, `(./f${i}.tex [${i}])`, ")");
    lines.push("./main.tex:3: Oops.", "l.3 x", " ");
    const log = ["EXECUTING: pdflatex ./main.tex", "SOURCE: /d/main.tex", "----", ...lines].join(
      "\n",
    );
    const start = performance.now();
    expect(parseDiagnostics(log, "/d/main.tex").map(brief)).toEqual(["error /d/main.tex:3"]);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
