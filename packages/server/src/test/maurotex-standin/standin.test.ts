import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WITNESS_VIEWS, witnessViewPage } from "@scriptorium/shared";
import { VIEW_OPTIONS, witnessViewPage as standinViewPage } from "./names.mjs";
import { FIXTURES, STANDIN_DIR, fixtureDir, hasProgram, runStandin } from "./run-standin.js";

let dir = "";
let cleanup: () => Promise<void> = () => Promise.resolve();

beforeEach(async () => {
  ({ dir, cleanup } = await fixtureDir());
});
afterEach(async () => {
  await cleanup();
});

const firstLine = (text: string) => text.split("\n")[0];
const write = (name: string, text: string) => writeFile(path.join(dir, name), text, "utf8");
const read = (name: string) => readFile(path.join(dir, name), "utf8");

/** A small document; `body` lines start at line 6. */
function doc(body: string, sigla = "A/B/C"): string {
  return [
    "\\documentclass{article}",
    "\\usepackage{mauro}",
    `\\ElencoTestimoni{${sigla}}`,
    "",
    "\\begin{document}",
    "\\htmlcut",
    body,
    "\\end{document}",
    "",
  ].join("\n");
}

describe("command line", () => {
  it("records its argv as the first line of stdout", () => {
    const result = runStandin("m2hv", ["-v", "-t", "G", "varia-de-centris.tex"], dir);
    expect(firstLine(result.stdout)).toBe('argv: ["-v","-t","G","varia-de-centris.tex"]');
    expect(result.status).toBe(0);
  });

  it("prints the help for -h, and the usage for bad command lines, exiting 0", () => {
    for (const tool of ["m2hv", "m2lv", "m2ledmac"] as const) {
      const help = runStandin(tool, ["-h"], dir);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain(`usage: ${tool}`);
      expect(help.stdout).toContain("options:");
      for (const bad of [[], ["--output", "x.tex"], ["a.tex", "b.tex"], ["-t"], ["-q", "a.tex"]]) {
        const result = runStandin(tool, bad, dir);
        expect(result.status).toBe(0);
        expect(result.stdout).toContain(`usage: ${tool}`);
        expect(result.stdout).not.toContain("options:");
        expect(result.stdout).not.toContain("analisi del file");
      }
    }
    expect(runStandin("m2lv", ["-p", "nope", "citlonga.tex"], dir).stdout).toContain("usage:");
    expect(runStandin("m2lv", ["-p", "epistolario", "citlonga.tex"], dir).stdout).toContain(
      "analisi terminata",
    );
    const mixed = runStandin("m2hv", ["-t", "A", "-o", "B", "citlonga.tex"], dir);
    expect(mixed.stdout).toContain("usage: m2hv");
  }, 60_000);

  it("reads FILE.tex when given FILE without extension, and says so when it is missing", () => {
    expect(runStandin("m2lv", ["citlonga"], dir).stdout).toContain("analisi del file citlonga.tex");
    const missing = runStandin("m2lv", ["nothere.tex"], dir);
    expect(missing.status).toBe(0);
    expect(missing.stderr).toContain("impossibile aprire nothere.tex in lettura");
    const config = runStandin("m2lv", ["-f", "missing.cfg", "figura.tex"], dir);
    expect(config.stdout).toContain("analisi del file di configurazione (missing.cfg)");
    expect(config.stderr).toContain("ERRORE: impossibile leggere il file missing.cfg");
    expect(existsSync(path.join(dir, "figura.m.tex"))).toBe(false);
  });
});

describe("m2hv", () => {
  it("writes the seven pages of a full run, in UTF-8, with the base text", async () => {
    const result = runStandin("m2hv", ["varia-de-centris.tex"], dir);
    expect(result.stdout.split("\n").slice(1, 5)).toEqual([
      "analisi del file varia-de-centris.tex",
      "analisi terminata",
      "generazione del codice",
      "fine generazione del codice",
    ]);
    expect(result.stderr).toBe("");
    for (const suffix of [
      "-1.htm",
      "-1f.htm",
      "-1v.htm",
      "-1a.htm",
      "-1z.htm",
      "-1c.htm",
      "-ind.htm",
    ]) {
      const page = await read(`varia-de-centris${suffix}`);
      expect(page).toMatch(/^<!DOCTYPE html>/);
      expect(page).toContain('<meta charset="utf-8">');
    }
    const text = await read("varia-de-centris-1.htm");
    expect(text).toContain("praecedens correctio");
    expect(text).toMatch(/>set<\/span>.*insuave/);
    expect(text).toContain("‘Quamquam sentio");
    expect(text).not.toContain("\\VV");
    expect(await read("varia-de-centris-1f.htm")).toContain('src="varia-de-centris-1.htm"');
    expect(await read("varia-de-centris-1v.htm")).toContain("G, L, N, Bas: et");
    expect(await read("varia-de-centris-ind.htm")).toContain("varia-de-centris-1f.htm");
  });

  it("writes the text of one witness for -t W instead of the critical text", async () => {
    runStandin("m2hv", ["-t", "G", "varia-de-centris.tex"], dir);
    const text = await read("varia-de-centris-G-1.htm");
    expect(text).toMatch(/>et<\/span>.*insuave/);
    expect(text).toContain("est tamen");
    expect(existsSync(path.join(dir, "varia-de-centris-1.htm"))).toBe(false);
    expect(await read("varia-de-centris-1f.htm")).toContain('src="varia-de-centris-G-1.htm"');
  });

  it("writes the witness views of -s, -o, -e and -c under the names witnessViewPage gives", async () => {
    await write(
      "views.tex",
      doc(
        "Ecce \\VV{{*:uno}{A:duo}{B:}} et \\VV{{*/B:tres}{A/C:quattuor}} et \\VV{{*:sex}{C:septem}}.",
      ),
    );
    const result = runStandin(
      "m2hv",
      ["-s", "A", "-o", "B", "-e", "C", "-c", "A", "B,C", "views.tex"],
      dir,
    );
    expect(result.stderr).toBe("");
    const names = {
      singular: witnessViewPage("views", "singular", "A"),
      omissions: witnessViewPage("views", "omissions", "B"),
      discordances: witnessViewPage("views", "discordances", "C"),
      groups: witnessViewPage("views", "groups", ""),
    };
    expect(names).toEqual({
      singular: "views-1-A-s.htm",
      omissions: "views-1-B-o.htm",
      discordances: "views-1-C-e.htm",
      groups: "views-1d.htm",
    });
    const singular = await read(names.singular);
    expect(singular).toContain("A: duo");
    expect(singular).not.toContain("quattuor");
    expect(await read(names.omissions)).toContain("B: <i>om.</i>");
    const discordances = await read(names.discordances);
    expect(discordances).toContain("quattuor");
    expect(discordances).toContain("septem");
    expect(discordances).not.toContain("duo");
    const groups = await read(names.groups);
    expect(groups).toContain("duo");
    expect(groups).not.toContain("quattuor");
    expect(groups).not.toContain("septem");
  });

  it("names every witness view as packages/shared's witnessViewPage does", () => {
    for (const view of Object.keys(WITNESS_VIEWS) as (keyof typeof WITNESS_VIEWS)[]) {
      expect(VIEW_OPTIONS[view]).toBe(WITNESS_VIEWS[view]);
      const cases: [string, string][] = [
        ["x", "A"],
        ["varia-de-centris", "A+"],
        ["a.b", "L2"],
      ];
      for (const [stem, siglum] of cases) {
        expect(standinViewPage(stem, view, siglum)).toBe(witnessViewPage(stem, view, siglum));
      }
    }
    expect(Object.keys(VIEW_OPTIONS).sort()).toEqual(Object.keys(WITNESS_VIEWS).sort());
  });

  it("writes nothing with -l0 or -a, and only the text with -l1", async () => {
    for (const option of ["-l0", "-a"]) {
      const result = runStandin("m2hv", [option, "citlonga.tex"], dir);
      expect(result.stdout).toContain("analisi terminata");
      expect(result.stdout).not.toContain("generazione del codice");
    }
    expect((await readdir(dir)).filter((f) => f.endsWith(".htm"))).toEqual([]);
    runStandin("m2hv", ["-l1", "citlonga.tex"], dir);
    const pages = (await readdir(dir)).filter((f) => f.endsWith(".htm")).sort();
    expect(pages).toEqual([
      "citlonga-1.htm",
      "citlonga-1f.htm",
      "citlonga-1v.htm",
      "citlonga-ind.htm",
    ]);
  });
});

describe("errors", () => {
  it("reports an unclosed brace as the compilers do: where they stop, then where it opened", async () => {
    await write("broken.tex", doc("Uno\ndue \\INTE{tre\nquattro\n\\par"));
    for (const tool of ["m2hv", "m2lv", "m2ledmac"] as const) {
      const result = runStandin(tool, ["broken.tex"], dir);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe(
        "ERRORE:\nbroken.tex:11: syntax error\nERRORE:\nbroken.tex:8: dopo questo punto\n",
      );
      expect(result.stdout).toContain("analisi terminata");
      expect(result.stdout).not.toContain("generazione del codice");
    }
    expect(
      (await readdir(dir)).filter((f) => f.startsWith("broken") && f !== "broken.tex"),
    ).toEqual([]);
  });

  it("reports a stray closing brace at its line, ignoring braces in comments", async () => {
    await write("stray.tex", doc("Uno % {\ndue}\ntre"));
    const result = runStandin("m2lv", ["stray.tex"], dir);
    expect(result.stderr).toBe(
      "ERRORE:\nstray.tex:8: syntax error\nERRORE:\nstray.tex:5: un documento deve iniziare con \\htmlcut\n",
    );
  });

  it("warns of a siglum that \\ElencoTestimoni does not declare, at its line", async () => {
    await write(
      "sigla.tex",
      doc("Uno \\VV{{*:a}\n{B:b}\n{Z:c}}\n% \\VV{{Q:ignored}}\n\\VF{{A/Y:d}}"),
    );
    const result = runStandin("m2hv", ["-v", "sigla.tex"], dir);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain(
      "sigla.tex:9: Z assente da elenco testimoni\nsigla.tex:11: Y assente da elenco testimoni\n",
    );
    expect(existsSync(path.join(dir, "sigla-1.htm"))).toBe(true);
  });

  it("reports a reading without ':' in the compilers' words, and warns of unknown macros", async () => {
    await write("mixed.tex", doc("Uno \\VV{{*:a} {B b}} \\Capitolx{x}"));
    const result = runStandin("m2lv", ["-v", "mixed.tex"], dir);
    expect(result.stderr).toBe(
      [
        "ERRORE:",
        "mixed.tex:7: syntax error",
        "ERRORE:",
        "mixed.tex:7: Y dopo questo punto",
        "",
      ].join("\n"),
    );
    const unknown = await write("unknown.tex", doc("Uno \\Capitolx{x} \\VX{{A:a}}")).then(() =>
      runStandin("m2lv", ["-v", "unknown.tex"], dir),
    );
    expect(unknown.stderr).toBe("");
    expect(unknown.stdout).toContain(
      "unknown.tex:7: \\Capitolx: macro inesistente\nunknown.tex:7: \\VX: macro inesistente\n",
    );
  });

  it("reports an unknown witness given to -t, -s, -o, -e or -c at line 1", () => {
    const cases: [string[], string][] = [
      [["-t", "Q"], "Q"],
      [["-s", "R"], "R"],
      [["-o", "S"], "S"],
      [["-e", "T"], "T"],
      [["-c", "G,U", "base"], "U"],
    ];
    for (const [options, siglum] of cases) {
      const result = runStandin("m2hv", [...options, "varia-de-centris.tex"], dir);
      expect(result.stderr).toBe(
        `ERRORE:\nvaria-de-centris.tex:1: testimone ${siglum} non dichiarato\n`,
      );
    }
    const ok = runStandin("m2lv", ["-t", "A+", "varia-de-centris.tex"], dir);
    expect(ok.stderr).toBe("");
  }, 60_000);

  it("prints warnings on stdout with -v only", () => {
    const quiet = runStandin("m2hv", ["-l0", "varia-de-centris.tex"], dir);
    expect(quiet.stdout).not.toMatch(/varia-de-centris\.tex:\d+:/);
    const verbose = runStandin("m2hv", ["-l0", "-v", "varia-de-centris.tex"], dir);
    expect(verbose.stdout).toContain(
      "varia-de-centris.tex:13: \\VV senza lezione del testo base (*)",
    );
    expect(verbose.stderr).toBe("");
  });
});

describe("test triggers", () => {
  it("sleeps, spams, reads and writes as %STANDIN: lines ask", async () => {
    const outside = path.join(dir, "secret.txt");
    await writeFile(outside, "first secret line\nsecond\n");
    await write(
      "triggers.tex",
      doc(
        [
          "%STANDIN:sleep 1",
          "%STANDIN:spam 100000",
          `%STANDIN:readfile ${outside}`,
          "%STANDIN:readfile /nonexistent/file",
          "%STANDIN:write 3000000",
          "Testo.",
        ].join("\n"),
      ),
    );
    const started = Date.now();
    const result = runStandin("m2lv", ["triggers.tex"], dir);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(result.stdout.length).toBeGreaterThan(100_000);
    expect(result.stdout).toContain("READ-OK first secret line\n");
    expect(result.stdout).toContain("READ-FAILED ENOENT\n");
    expect(result.stdout).toContain("WRITE-OK 3000000\n");
    expect((await stat(path.join(dir, "big.bin"))).size).toBe(3_000_000);
    expect(await read("triggers.m.tex")).toContain("Testo.");
  });
});

/** bwrap as the runner uses it (Debian's bubblewrap, root): answers whether it works here. */
const bwrapWorks =
  hasProgram("bwrap") &&
  spawnSync("bwrap", ["--ro-bind", "/", "/", "--unshare-all", "true"]).status === 0;

describe("inside bubblewrap", () => {
  it("bubblewrap works here (.ci/run installs it)", () => {
    expect(bwrapWorks).toBe(true);
  });

  it("runs with only its folder, /usr and /etc visible and PATH=/usr/bin", async () => {
    await write("trig.tex", doc("%STANDIN:readfile /etc/hostname\n%STANDIN:readfile " + FIXTURES));
    const system = ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"];
    const links = ["bin", "lib", "lib64"].flatMap((l) => ["--symlink", `usr/${l}`, `/${l}`]);
    const result = spawnSync(
      "bwrap",
      [
        "--unshare-all",
        "--die-with-parent",
        ...system,
        ...links,
        ...["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"],
        ...["--ro-bind", STANDIN_DIR, STANDIN_DIR, "--bind", dir, dir, "--chdir", dir],
        ...["--clearenv", "--setenv", "PATH", "/usr/bin", "--setenv", "HOME", "/tmp"],
        path.join(STANDIN_DIR, "m2hv"),
        "-t",
        "A",
        "trig.tex",
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("READ-OK ");
    expect(result.stdout).toContain("READ-FAILED ENOENT");
    expect(result.stdout).toContain("fine generazione del codice");
    expect(existsSync(path.join(dir, "trig-A-1.htm"))).toBe(true);
  });
});
