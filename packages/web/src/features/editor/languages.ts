/**
 * Which syntax the editor highlights, from the file's extension (case-insensitive). Kept free
 * of CodeMirror imports so the mapping is cheap to test; load-language.ts turns an id into the
 * CodeMirror extension, loaded on demand.
 */
export type LanguageId =
  | "maurotex"
  | "latex"
  | "javascript"
  | "jsx"
  | "typescript"
  | "tsx"
  | "json"
  | "html"
  | "css"
  | "markdown"
  | "xml"
  | "python"
  | "plain";

const BY_EXTENSION: Readonly<Record<string, LanguageId>> = {
  // Mauro-TeX sources (LaTeX with the edition's macros); LaTeX packages and classes; BibTeX
  // reads well enough as TeX.
  tex: "maurotex",
  ltx: "latex",
  latex: "latex",
  sty: "latex",
  cls: "latex",
  dtx: "latex",
  ins: "latex",
  bib: "latex",
  bbl: "latex",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "jsx",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  json: "json",
  jsonc: "json",
  webmanifest: "json",
  map: "json",
  html: "html",
  htm: "html",
  xhtml: "html",
  css: "css",
  md: "markdown",
  markdown: "markdown",
  xml: "xml",
  xsl: "xml",
  xslt: "xml",
  xsd: "xml",
  svg: "xml",
  tei: "xml",
  rss: "xml",
  atom: "xml",
  opf: "xml",
  ncx: "xml",
  py: "python",
  pyw: "python",
  pyi: "python",
};

/** Extensions whose lines are prose, so long lines wrap instead of scrolling sideways. */
const PROSE = new Set(["tex", "ltx", "latex", "md", "markdown", "txt", "text"]);

/** "Tesi.TEX" or ".TEX" → "tex"; a name without a dot has no extension. */
export function normalizeExtension(extensionOrName: string): string {
  const dot = extensionOrName.lastIndexOf(".");
  return dot < 0 ? "" : extensionOrName.slice(dot + 1).toLowerCase();
}

/** The language of a file from its extension (with or without the dot) or its name. */
export function languageFor(extensionOrName: string): LanguageId {
  return BY_EXTENSION[normalizeExtension(extensionOrName)] ?? "plain";
}

/** Whether the editor wraps long lines for this file. */
export function wrapsLines(extensionOrName: string): boolean {
  return PROSE.has(normalizeExtension(extensionOrName));
}
