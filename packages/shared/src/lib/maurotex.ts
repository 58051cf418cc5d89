/**
 * Pure helpers about Mauro-TeX documents and the edition tools, used by the server (checking a
 * tool's command line) and the web (dialogs, completion of sigla).
 */

/** The four tools of SPEC.md §2; an admin may configure more. */
export const EDITION_TOOLS = ["m2hv", "m2lv", "m2ledmac", "pdflatex"] as const;
export type EditionTool = (typeof EDITION_TOOLS)[number];

/** The two PDF pipelines (issue 30): a compiler, then pdflatex on the `.m.tex` it wrote. */
export const PDF_PIPELINE_TOOLS = ["m2lv-pdf", "m2ledmac-pdf"] as const;
export type PdfPipelineTool = (typeof PDF_PIPELINE_TOOLS)[number];

/** Every tool a new installation configures. */
export const DEFAULT_TOOL_NAMES: readonly string[] = [...EDITION_TOOLS, ...PDF_PIPELINE_TOOLS];

/** What Compile makes of a `.tex` (issue 30), each run by one tool. */
export const COMPILE_PROFILES = ["html", "pdf-m2lv", "pdf-m2ledmac", "latex"] as const;
export type CompileProfile = (typeof COMPILE_PROFILES)[number];

/** The tool each profile runs. */
export const PROFILE_TOOL: Record<CompileProfile, EditionTool | PdfPipelineTool> = {
  html: "m2hv",
  "pdf-m2lv": "m2lv-pdf",
  "pdf-m2ledmac": "m2ledmac-pdf",
  latex: "pdflatex",
};

/** The profile that runs `tool`, if one does. */
export function profileOfTool(tool: string): CompileProfile | undefined {
  return COMPILE_PROFILES.find((p) => PROFILE_TOOL[p] === tool);
}

/**
 * True for a Mauro-TeX document: it loads the edition's style (`\usepackage{mauro}`, alone or
 * among others) or uses the edition's own macros (`\ElencoTestimoni`, `\htmlcut`, the
 * variants), or has no `\documentclass` at all (a fragment the compilers read).
 */
export function isMauroTexDocument(text: string): boolean {
  let documentClass = false;
  for (const line of text.split(/\r?\n/, 5000)) {
    const code = stripComment(line);
    if (/\\usepackage\s*(\[[^\]]*\])?\s*\{[^}]*\bmauro(reledmac)?\b[^}]*\}/.test(code)) return true;
    if (/\\(ElencoTestimoni|htmlcut|Unit|VV|VF|VB|TV|TB|NOTAMARG)\b/.test(code)) return true;
    if (/\\documentclass\b/.test(code)) documentClass = true;
  }
  return !documentClass;
}

/**
 * The profile for a file never compiled, from its content: a Mauro-TeX document → `html`; a
 * plain LaTeX document (`\documentclass`, nothing of the edition's) → `latex`.
 */
export function guessCompileProfile(text: string): CompileProfile {
  return isMauroTexDocument(text) ? "html" : "latex";
}

/** Tool actions are offered for `.tex` files in any letter case (SPEC.md §5). */
export function isTexFile(name: string): boolean {
  return /\.tex$/i.test(name);
}

/** The name without its last extension: `varia.de.centris.TEX` → `varia.de.centris`. */
export function stemOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Default output folder of a folder tool (SPEC.md §5): `<name without extension>_<tool>`. */
export function defaultToolOutputName(fileName: string, tool: string): string {
  return `${stemOf(fileName)}_${tool}`;
}

/** The log earlier versions wrote: `{tool}.OUT.log`, one per folder (still opened as a log). */
export function toolLogName(tool: string): string {
  return `${tool}.OUT.log`;
}

/** How many logs of one source and tool are kept: the newest and this many minus one older. */
export const TOOL_LOGS_KEPT = 5;

/**
 * The log of a run of `tool` on the source `sourceName` (issue 30): `<stem>.<tool>.log` for the
 * newest, `<stem>.<tool>.<age>.log` for older ones (1 = the run before, … up to
 * `TOOL_LOGS_KEPT - 1`). Written in the destination folder (folder tools, pipelines) or beside
 * the source (pdflatex).
 */
export function sourceLogName(sourceName: string, tool: string, age = 0): string {
  const stem = stemOf(sourceName);
  return age === 0 ? `${stem}.${tool}.log` : `${stem}.${tool}.${age}.log`;
}

/**
 * `<stem>.<tool>[.<age>].log` read back; null for other names. `tool` must be a tool's name.
 * The stem is the shortest that fits, so that `x.pdflatex.2.log` is pdflatex's log of age 2 (not
 * a tool named `2`); a stem may hold dots (`varia.de.centris.m2hv.log`).
 */
export function parseSourceLogName(
  name: string,
): { stem: string; tool: string; age: number } | null {
  const match = /^(.+?)\.([a-z0-9][a-z0-9_-]{0,31})(?:\.([1-9][0-9]?))?\.log$/.exec(name);
  if (!match) return null;
  return { stem: match[1] as string, tool: match[2] as string, age: Number(match[3] ?? 0) };
}

/**
 * True for a tool's log, which opens in the log viewer, read-only: `m2hv.OUT.log` (earlier
 * versions), or `<stem>.<tool>[.<age>].log` when `tools` (the configured tool names) has `tool`.
 */
export function isToolLogName(
  name: string,
  tools: readonly string[] = DEFAULT_TOOL_NAMES,
): boolean {
  if (/^[a-z0-9][a-z0-9_-]{0,31}\.OUT\.log$/.test(name)) return true;
  const parsed = parseSourceLogName(name);
  return parsed !== null && tools.includes(parsed.tool);
}

/** A witness siglum: letters, digits and `+` (`A`, `L2`, `A+`). */
export const SIGLUM_PATTERN = /^[A-Za-z0-9+]+$/;
/** Sigla joined by commas, as `-c` takes them (`base` names the base text). */
export const SIGLUM_GROUP_PATTERN = /^[A-Za-z0-9+]+(,[A-Za-z0-9+]+)*$/;

/**
 * The sigla a document declares with `\ElencoTestimoni{A/B/C}` (several declarations add up;
 * a `%` comment hides one). Order kept, duplicates removed.
 */
export function declaredSigla(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const code = stripComment(line);
    for (const match of code.matchAll(/\\ElencoTestimoni\s*\{([^}]*)\}/g)) {
      for (const raw of (match[1] ?? "").split("/")) {
        const siglum = raw.trim();
        if (siglum && SIGLUM_PATTERN.test(siglum) && !found.includes(siglum)) found.push(siglum);
      }
    }
  }
  return found;
}

/** The line up to its first unescaped `%`. */
export function stripComment(line: string): string {
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === "%") return line.slice(0, i);
  }
  return line;
}

/**
 * Splits a tool's command line into words at blanks. Quotes and every shell character are
 * refused here (no shell ever sees the line): the answer is the words, or the first bad one.
 */
export function splitCommandline(
  line: string,
): { ok: true; words: string[] } | { ok: false; bad: string } {
  const words = line.split(/[ \t]+/).filter((w) => w !== "");
  for (const word of words) {
    if (!/^[A-Za-z0-9+,._/-]+$/.test(word)) return { ok: false, bad: word };
  }
  return { ok: true, words };
}

/** The witness views of m2hv (SPEC: the workbench) and the option that makes each. */
export const WITNESS_VIEWS = {
  text: "-t",
  singular: "-s",
  omissions: "-o",
  discordances: "-e",
  groups: "-c",
} as const;
export type WitnessView = keyof typeof WITNESS_VIEWS;

/**
 * The page m2hv writes for a witness view of `<stem>.tex`: `-t W` → `<stem>-W-1.htm`,
 * `-s W` → `<stem>-1-W-s.htm`, `-o W` → `<stem>-1-W-o.htm`, `-e W` → `<stem>-1-W-e.htm`,
 * `-c G1 G2` → `<stem>-1d.htm`. (First page; the compiler numbers pages from 1.)
 */
export function witnessViewPage(stem: string, view: WitnessView, siglum: string): string {
  switch (view) {
    case "text":
      return `${stem}-${siglum}-1.htm`;
    case "singular":
      return `${stem}-1-${siglum}-s.htm`;
    case "omissions":
      return `${stem}-1-${siglum}-o.htm`;
    case "discordances":
      return `${stem}-1-${siglum}-e.htm`;
    case "groups":
      return `${stem}-1d.htm`;
  }
}
