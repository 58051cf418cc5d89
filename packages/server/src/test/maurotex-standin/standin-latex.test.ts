import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { texEnv } from "../../features/edition-tools/tex-support.js";
import { fixtureDir, hasProgram, runStandin, type StandinTool } from "./run-standin.js";

/** Our own support files: the `.m.tex` loads `mauro.sty` (or `mauroreledmac.sty`) and the font `mauro`. */
const SUPPORT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "maurotex-support",
);

// The .m.tex files are compiled by the real pdflatex of TeX Live (Debian's texlive-latex-base,
// -recommended, -humanities …) and read back with pdftotext (poppler-utils).

let dir = "";
let cleanup: () => Promise<void> = () => Promise.resolve();

beforeEach(async () => {
  ({ dir, cleanup } = await fixtureDir());
});
afterEach(async () => {
  await cleanup();
});

/** reledmac needs xargs, xstring and bigfoot's suffix: in Debian's texlive-latex-extra. */
const hasReledmac =
  hasProgram("kpsewhich") &&
  ["reledmac.sty", "xargs.sty", "xstring.sty", "suffix.sty"].every(
    (file) => spawnSync("kpsewhich", [file], { encoding: "utf8" }).stdout.trim() !== "",
  );

it("TeX Live here has reledmac and the packages it loads (.ci/run installs them)", () => {
  expect(hasProgram("pdflatex") && hasProgram("pdftotext")).toBe(true);
  expect(hasReledmac).toBe(true);
});

function pdflatex(stem: string) {
  return spawnSync(
    "pdflatex",
    ["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", `${stem}.m.tex`],
    {
      cwd: dir,
      encoding: "utf8",
      timeout: 120_000,
      // The support folder on TeX's paths, the fonts METAFONT makes kept in the test's folder.
      env: { ...process.env, ...texEnv({ support: [SUPPORT_DIR], made: dir }) },
    },
  );
}

/** Runs the stand-in, then pdflatex on its .m.tex; answers the PDF's text and the log. */
async function compile(tool: StandinTool, stem: string, options: string[] = []) {
  const run = runStandin(tool, [...options, `${stem}.tex`], dir);
  expect(run.stderr).toBe("");
  // reledmac writes its notes on a first run and prints them on the second.
  let latex = pdflatex(stem);
  if (tool === "m2ledmac") latex = pdflatex(stem);
  const log = await readFile(path.join(dir, `${stem}.m.log`), "utf8");
  expect(log.split("\n").filter((l) => l.startsWith("!"))).toEqual([]);
  expect(latex.status).toBe(0);
  // The support folder's style and font were used.
  expect(log).toContain("maurotex-support/mauro.sty");
  const text = spawnSync("pdftotext", ["-enc", "UTF-8", `${stem}.m.pdf`, "-"], {
    cwd: dir,
    encoding: "utf8",
  });
  expect(text.status).toBe(0);
  const source = await readFile(path.join(dir, `${stem}.m.tex`), "utf8");
  return { pdf: text.stdout.replace(/\s+/g, " "), source };
}

const TORTURE = [
  "\\documentclass{article}",
  "\\usepackage{mauro}",
  "\\ElencoTestimoni{A/B}",
  "\\begin{document}",
  "\\htmlcut",
  "\\Capitolo{Caput \\VV{{*:primum}{A:secundum}}}",
  "\\par Graece λόγος καὶ Ἀρχιμήδης; signa \\& 50 et ~$a^{2} + b_{1} \\times c$.",
  "\\VV{{*:uno \\VV{{*:intus}{B:intra}}}{A:}} \\Sup{to} \\ABBR{abbr} \\INTE{inte[uncis]}",
  "\\Folium{A:3v} \\Unit[u1] \\LB{l}{lb} \\Date{{{\\SAT} 1565}{1565}} “virgolette” — fine…",
  "\\begin{tabula}{ll}",
  "a & b\\\\",
  "\\linea \\\\",
  "c & d\\\\",
  "\\end{tabula}",
  "\\Figura{{f}[\\VF{{*:$X$}{B:$Z$}}]}",
  "\\end{document}",
  "",
].join("\n");

describe(".m.tex and pdflatex", () => {
  it("m2lv: varia-de-centris compiles, base text with the variants as footnotes", async () => {
    const { pdf, source } = await compile("m2lv", "varia-de-centris");
    expect(source).toContain("\\documentclass{article}");
    // As the real m2lv's: the edition's style and its METAFONT font.
    expect(source).toContain("\\usepackage{mauro}");
    expect(source).toContain("\\font\\mauro=mauro");
    expect(pdf).toContain("praecedens correctio");
    expect(pdf).toMatch(/set\d* insuave audientibus/);
    expect(pdf).toContain("*: set; G, L, N, Bas: et");
    expect(pdf).toContain("Bas: dicturus sim; G, L: dicturus sum; N: sum dicturus");
    expect(pdf).toContain("‘Quamquam sentio");
    expect(pdf).toContain("Questo è per vedere");
  }, 120_000);

  it("m2lv: citlonga compiles with the quotations' text", async () => {
    const { pdf } = await compile("m2lv", "citlonga");
    expect(pdf).toContain("ESEMPIO 1 In ogni triangolo ..... quadrato dell’ipotenusa");
    expect(pdf).not.toContain("Eucl");
    expect(pdf).not.toContain("gatto");
  }, 120_000);

  it("m2lv -t G: the text of witness G, without apparatus", async () => {
    const { pdf, source } = await compile("m2lv", "varia-de-centris", ["-t", "G"]);
    expect(pdf).toContain("et insuave audientibus");
    expect(pdf).toContain("dicendum est tamen");
    expect(source).not.toContain("\\footnote");
  }, 120_000);

  it("m2lv: Greek, TeX's special characters, nested variants and tables compile", async () => {
    await writeFile(path.join(dir, "torture.tex"), TORTURE, "utf8");
    const { pdf } = await compile("m2lv", "torture");
    expect(pdf).toContain("Caput primum");
    expect(pdf).toContain("Graece λoγoς και"); // Greek as math letters, accents dropped
    expect(pdf).toMatch(/signa & 50 et a2 \+ b1 × c/);
    expect(pdf).toMatch(/uno intus\d+ to abbr/);
    expect(pdf).toMatch(/inte\[uncis\] \(A 3v\) lb 1565/);
    expect(pdf).toContain("A: om.");
    expect(pdf).toContain("“virgolette” — fine");
    expect(pdf).toMatch(/\d+ \*: intus; B: intra/);
  }, 120_000);

  describe("m2ledmac (reledmac)", () => {
    it("varia-de-centris compiles into numbered lines with an apparatus", async () => {
      const { pdf, source } = await compile("m2ledmac", "varia-de-centris");
      // reledmac through the edition's style, as the real m2ledmac's.
      expect(source).toContain("\\usepackage{mauroreledmac}");
      expect(source).toContain("\\beginnumbering");
      expect(source).toContain("\\edtext{set}{\\Afootnote{*: set; G, L, N, Bas: et}}");
      expect(pdf).toContain("praecedens correctio");
      expect(pdf).toContain("G, L, N, Bas: et");
      expect(pdf).toMatch(/^A 5 10 15 /); // A: the sun of the font mauro, then the line numbers; // the line numbers
    }, 120_000);

    it("citlonga and a document with every odd piece compile", async () => {
      const cit = await compile("m2ledmac", "citlonga");
      expect(cit.pdf).toContain("In ogni triangolo");
      await writeFile(path.join(dir, "torture.tex"), TORTURE, "utf8");
      const torture = await compile("m2ledmac", "torture");
      expect(torture.pdf).toContain("uno intus");
      expect(torture.pdf).toContain("B: intra");
      expect(torture.pdf).toMatch(/\ba c b d\b|\ba b c d\b/); // the table, outside the numbering
    }, 180_000);

    it("figura compiles (figures with variants, paragraphs opening with a bracket)", async () => {
      const { pdf } = await compile("m2ledmac", "figura");
      expect(pdf).toContain("Testo di riempimento con tre testimoni");
      expect(pdf).toMatch(/A: Y ?; B: V ?; C: Z/);
    }, 120_000);
  });
});
