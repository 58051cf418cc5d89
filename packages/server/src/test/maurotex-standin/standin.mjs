// The stand-in Mauro-TeX compilers (m2hv, m2lv, m2ledmac) for the tests: the real ones are C
// programs this project does not ship. Same options, same messages on stdout/stderr, exit 0
// even on errors, the same output files; see README.md for the test triggers.

import { Buffer } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { analyse, standinTriggers } from "./parse.mjs";
import { parseArgs, usageText } from "./options.mjs";
import { m2hvPages, witnessViewPage } from "./names.mjs";
import * as html from "./html.mjs";
import { m2ledmacDocument, m2lvDocument } from "./latex.mjs";

const out = (line) => process.stdout.write(`${line}\n`);
const err = (line) => process.stderr.write(`${line}\n`);

/** Runs one tool on its argv (without node and the script). Never throws; exit code 0. */
export async function main(tool, argv) {
  process.stdout.on("error", () => process.exit(0));
  out(`argv: ${JSON.stringify(argv)}`);
  try {
    await run(tool, argv);
  } catch (error) {
    err(
      `stand-in ${tool}: internal error: ${error instanceof Error ? error.stack : String(error)}`,
    );
  }
  process.exitCode = 0;
}

async function run(tool, argv) {
  const args = parseArgs(tool, argv);
  if (!args.ok || args.help) {
    process.stdout.write(usageText(tool, args.help));
    return;
  }
  const stem = args.file.endsWith(".tex") ? args.file.slice(0, -4) : args.file;
  const input = `${stem}.tex`;
  for (const config of [...(args.values["-f"] ?? []), ...(args.values["-u"] ?? [])]) {
    out(`analisi del file di configurazione (${config})`);
    try {
      fs.readFileSync(config);
    } catch {
      err(`\nERRORE: impossibile leggere il file ${config}\n`);
      return;
    }
  }
  let source;
  try {
    source = fs.readFileSync(input, "utf8");
  } catch {
    err(`impossibile aprire ${input} in lettura`);
    return;
  }
  out(`analisi del file ${input}`);
  const triggers = standinTriggers(source);
  for (const t of triggers) runEarlyTrigger(t);

  const analysis = analyse(source);
  const errors = [...analysis.errors, ...witnessErrors(analysis, args)];
  for (const e of errors) {
    err("ERRORE:");
    err(`${input}:${e.line}: ${e.message}`);
  }
  out("analisi terminata");
  if (args.flags.has("-v")) {
    for (const w of analysis.warnings) out(`${input}:${w.line}: ${w.message}`);
  }
  for (const t of triggers) await runLateTrigger(t);
  if (errors.length > 0) return;
  if (args.flags.has("-a") || args.flags.has("-l0")) return;

  out("generazione del codice");
  const name = path.basename(stem);
  const write = (file, content) => {
    fs.writeFileSync(path.join(path.dirname(stem), file), content, "utf8");
  };
  const witness = args.values["-t"]?.at(-1);
  if (tool === "m2hv") writeHtml(analysis, args, name, witness, source, write);
  else if (tool === "m2lv") write(`${name}.m.tex`, m2lvDocument(analysis, name, witness));
  else write(`${name}.m.tex`, m2ledmacDocument(analysis, name, witness));
  out("fine generazione del codice");
}

/** Witnesses named on the command line that the document does not know (line 1). */
function witnessErrors(analysis, args) {
  const known = new Set(analysis.sigla);
  if (known.size === 0) {
    for (const v of analysis.variants)
      for (const r of v.readings) r.sigla.forEach((s) => known.add(s));
  }
  const asked = [
    ...["-t", "-s", "-o", "-e"].flatMap((o) => args.values[o] ?? []),
    ...args.groups.flat().filter((s) => s !== "base"),
  ];
  return asked
    .filter((s, i) => !known.has(s) && asked.indexOf(s) === i)
    .map((s) => ({ line: 1, message: `testimone ${s} non dichiarato` }));
}

function writeHtml(analysis, args, name, witness, source, write) {
  const pages = m2hvPages(name, witness);
  const written = [];
  const put = (file, content) => {
    write(file, content);
    written.push(file);
  };
  const text = html.textPage(analysis, name, witness, pages.variants);
  put(pages.text, text.html);
  put(pages.variants, html.variantsPage(analysis, name, witness));
  put(pages.frame, html.framePage(name, pages));
  if (!args.flags.has("-l1")) {
    put(pages.adnotationes, html.page(`${name} – adnotationes`, "<p>nessuna adnotatio</p>"));
    put(pages.comments, html.commentsPage(name, source, args.flags.has("-z")));
    put(pages.citations, html.citationsPage(name, text.citations));
    for (const s of args.values["-s"] ?? []) {
      put(witnessViewPage(name, "singular", s), html.singularPage(analysis, name, s));
    }
    for (const s of args.values["-o"] ?? []) {
      put(witnessViewPage(name, "omissions", s), html.omissionsPage(analysis, name, s));
    }
    for (const s of args.values["-e"] ?? []) {
      put(witnessViewPage(name, "discordances", s), html.discordancesPage(analysis, name, s));
    }
    if (args.groups.length === 2) {
      const [first, second] = args.groups;
      put(witnessViewPage(name, "groups", ""), html.groupsPage(analysis, name, first, second));
    }
  }
  write(pages.index, html.indexPage(name, written));
}

/** `readfile` and `spam` run right after the source is read (see README.md). */
function runEarlyTrigger({ word, arg }) {
  if (word === "readfile") {
    try {
      const content = fs.readFileSync(arg, "utf8");
      out(`READ-OK ${content.split(/\r?\n/)[0]}`);
    } catch (error) {
      out(`READ-FAILED ${error?.code ?? "UNKNOWN"}`);
    }
  } else if (word === "spam") {
    let left = Number(arg) || 0;
    const chunk = `${"x".repeat(1023)}\n`;
    while (left > 0) {
      process.stdout.write(left >= chunk.length ? chunk : chunk.slice(0, left));
      left -= chunk.length;
    }
  }
}

/** `sleep` and `write` run after the analysis, before any output file. */
async function runLateTrigger({ word, arg }) {
  if (word === "sleep") {
    await sleep((Number(arg) || 0) * 1000);
  } else if (word === "write") {
    const size = Number(arg) || 0;
    const chunk = Buffer.alloc(1 << 20, 0x61);
    let fd;
    try {
      fd = fs.openSync("big.bin", "w");
      for (let done = 0; done < size; done += chunk.length) {
        fs.writeSync(fd, chunk, 0, Math.min(chunk.length, size - done));
      }
      out(`WRITE-OK ${size}`);
    } catch (error) {
      out(`WRITE-FAILED ${error?.code ?? "UNKNOWN"}`);
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }
}
