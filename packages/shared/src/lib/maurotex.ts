/**
 * Pure helpers about Mauro-TeX documents and the edition tools, used by the server (checking a
 * tool's command line) and the web (dialogs, completion of sigla).
 */

/** The four tools of SPEC.md §2; an admin may configure more. */
export const EDITION_TOOLS = ["m2hv", "m2lv", "m2ledmac", "pdflatex"] as const;
export type EditionTool = (typeof EDITION_TOOLS)[number];

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

/** The log a run writes: `{tool}.OUT.log`, in the destination folder (or beside the source). */
export function toolLogName(tool: string): string {
  return `${tool}.OUT.log`;
}

/** True for a tool's log (`m2hv.OUT.log`, …): such files open in the log viewer, read-only. */
export function isToolLogName(name: string): boolean {
  return /^[a-z0-9_]{1,32}\.OUT\.log$/.test(name);
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
