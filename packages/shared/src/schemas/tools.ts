import { Type, type Static } from "typebox";

/**
 * What the word after an option must be (API.md Part A §9):
 * - `witness`: one siglum, letters, digits and `+` (e.g. `A`, `L2`, `A+`);
 * - `witnessGroup`: sigla joined by commas (`-c A,B C`), `base` naming the base text;
 * - `file`: a path inside the user's scope, which must exist (resolved on the server);
 * - `choice`: one of the option's `values` (m2lv's plugins).
 */
export const TOOL_ARG_KINDS = ["witness", "witnessGroup", "file", "choice"] as const;
export type ToolArgKind = (typeof TOOL_ARG_KINDS)[number];

export const ToolOptionSchema = Type.Object({
  /** The option as typed, e.g. `-s` or `-l0`. */
  flag: Type.String({ pattern: "^-[A-Za-z0-9]{1,3}$" }),
  /** The words that follow it, in order (none for a plain switch). */
  takes: Type.Array(Type.Enum(TOOL_ARG_KINDS), { maxItems: 4 }),
  /** For `choice` words: the accepted values. */
  values: Type.Optional(Type.Array(Type.String({ pattern: "^[A-Za-z0-9_+-]+$" }))),
  /** What it does, shown in the tool dialogs. */
  description: Type.Optional(Type.String()),
});
export type ToolOption = Static<typeof ToolOptionSchema>;

/**
 * How a tool runs and where its output goes:
 * - `folder`: the Mauro-TeX compilers. The source is copied into a destination folder, the tool
 *   runs there on `./<name>`, the copy is removed; `{dest}/{tool}.OUT.log` holds the run.
 * - `beside-source`: pdflatex. Runs in the source's folder and writes `pdflatex.OUT.log` there.
 */
export const TOOL_KINDS = ["folder", "beside-source"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const ToolSchema = Type.Object({
  /** The name in `action=mauro:<name>` and `/api/mauro/help/<name>`. */
  name: Type.String({ pattern: "^[a-z0-9_]{1,32}$" }),
  /** A program name looked up in the tool folders, or an absolute path. Never from a request. */
  executable: Type.String({ minLength: 1 }),
  enabled: Type.Boolean(),
  kind: Type.Enum(TOOL_KINDS),
  options: Type.Array(ToolOptionSchema),
  /** Killed after this long (default 120 s; 240 s for pdflatex). */
  timeoutSeconds: Type.Integer({ minimum: 1, maximum: 3600 }),
});
export type Tool = Static<typeof ToolSchema>;

/** The edition tools: part of the global settings, edited by the admin. */
export const ToolSettingsSchema = Type.Object({
  /** Folders searched for executables given by name; they are also the tools' PATH. */
  folders: Type.Array(Type.String()),
  tools: Type.Array(ToolSchema),
});
export type ToolSettings = Static<typeof ToolSettingsSchema>;

export const DIAGNOSTIC_SEVERITIES = ["error", "warning"] as const;
export type DiagnosticSeverity = (typeof DIAGNOSTIC_SEVERITIES)[number];

/** One message of a compiler, placed in a source file (a path in the user's files). */
export const DiagnosticSchema = Type.Object({
  file: Type.String(),
  line: Type.Integer({ minimum: 1 }),
  message: Type.String(),
  severity: Type.Enum(DIAGNOSTIC_SEVERITIES),
});
export type Diagnostic = Static<typeof DiagnosticSchema>;

/** The answer of `PATCH …?action=mauro:<tool>`. */
export const ToolRunResultSchema = Type.Object({
  /** Path of the `{tool}.OUT.log` in the user's files. */
  log: Type.String(),
  /** The tool's exit code; null when it was killed (timeout, output cap, cancel). */
  exitCode: Type.Union([Type.Integer(), Type.Null()]),
  /** True when the tool reported no error and wrote its output. */
  ok: Type.Boolean(),
  diagnostics: Type.Array(DiagnosticSchema),
  /** The main output, when written: m2hv's `index.html` or a witness view, the PDF, the `.m.tex`. */
  output: Type.Optional(Type.String()),
});
export type ToolRunResult = Static<typeof ToolRunResultSchema>;

/** Extra query fields of `PATCH …?action=mauro:<tool>`. */
export const TOOL_ACTION_PREFIX = "mauro:";
