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
 *   runs there on `./<name>`, the copy is removed; `{dest}/<stem>.<tool>.log` holds the run.
 * - `beside-source`: pdflatex. Runs in the source's folder and writes `<stem>.pdflatex.log` there.
 * - `pdf-pipeline`: `m2lv-pdf`, `m2ledmac-pdf`. One run of two tools named by `steps`: the
 *   Mauro-TeX compiler (a `folder` tool) into the destination, then the LaTeX tool (a
 *   `beside-source` tool) on the `.m.tex` it wrote; one log `{dest}/<stem>.<tool>.log`, one
 *   answer whose `output` is the PDF and whose diagnostics hold both steps'.
 */
export const TOOL_KINDS = ["folder", "beside-source", "pdf-pipeline"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const ToolSchema = Type.Object({
  /** The name in `action=mauro:<name>` and `/api/mauro/help/<name>`. */
  name: Type.String({ pattern: "^[a-z0-9][a-z0-9_-]{0,31}$" }),
  /** A program name looked up in the tool folders, or an absolute path. Never from a request. */
  executable: Type.String({ minLength: 1 }),
  enabled: Type.Boolean(),
  kind: Type.Enum(TOOL_KINDS),
  options: Type.Array(ToolOptionSchema),
  /** Killed after this long (default 120 s; 240 s for pdflatex). */
  timeoutSeconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  /**
   * A `pdf-pipeline`'s two steps, by tool name: the compiler (`m2lv`), then the LaTeX tool
   * (`pdflatex`). Each step runs that tool's program; `executable` is the compiler's, shown only.
   */
  steps: Type.Optional(Type.Array(Type.String(), { minItems: 2, maxItems: 2 })),
});
export type Tool = Static<typeof ToolSchema>;

/** The edition tools: part of the global settings, edited by the admin. */
export const ToolSettingsSchema = Type.Object({
  /** Folders searched for executables given by name; they are also the tools' PATH. */
  folders: Type.Array(Type.String()),
  /**
   * The edition's support files (styles, METAFONT sources: the compiler project's `support/`):
   * absolute folders on the server, read-only in the runs, put on `TEXINPUTS`, `MFINPUTS` and the
   * font paths of every LaTeX run. The fonts METAFONT makes from them are cached server-side.
   */
  supportFolders: Type.Array(Type.String()),
  tools: Type.Array(ToolSchema),
});
export type ToolSettings = Static<typeof ToolSettingsSchema>;

/** The tool settings as a PUT or an import may send them: `supportFolders` may be absent (kept). */
export const ToolSettingsPutSchema = Type.Object({
  ...ToolSettingsSchema.properties,
  supportFolders: Type.Optional(Type.Array(Type.String())),
});
export type ToolSettingsPut = Static<typeof ToolSettingsPutSchema>;

export const DIAGNOSTIC_SEVERITIES = ["error", "warning"] as const;
export type DiagnosticSeverity = (typeof DIAGNOSTIC_SEVERITIES)[number];

/** One message of a compiler, placed in a source file (a path in the user's files). */
export const DiagnosticSchema = Type.Object({
  /** A path in the user's files; with `outside`, the file's name as the tool printed it. */
  file: Type.String(),
  line: Type.Integer({ minimum: 1 }),
  message: Type.String(),
  severity: Type.Enum(DIAGNOSTIC_SEVERITIES),
  /** True when the file is not in the user's files (a style of a support folder): no link. */
  outside: Type.Optional(Type.Boolean()),
  /** Which step of a pipeline printed it (`m2lv`, `pdflatex`); absent for a one-step run. */
  step: Type.Optional(Type.String()),
});
export type Diagnostic = Static<typeof DiagnosticSchema>;

/** The answer of `PATCH …?action=mauro:<tool>`. */
export const ToolRunResultSchema = Type.Object({
  /** Path of the run's log (`<stem>.<tool>.log`) in the user's files. */
  log: Type.String(),
  /** The tool's exit code; null when it was killed (timeout, output cap, cancel). */
  exitCode: Type.Union([Type.Integer(), Type.Null()]),
  /** True when the tool reported no error and wrote its output. */
  ok: Type.Boolean(),
  diagnostics: Type.Array(DiagnosticSchema),
  /**
   * The main output, when written: m2hv's `index.html` or a witness view, the PDF (pdflatex and
   * the pipelines), the `.m.tex`.
   */
  output: Type.Optional(Type.String()),
});
export type ToolRunResult = Static<typeof ToolRunResultSchema>;

/** Extra query fields of `PATCH …?action=mauro:<tool>`. */
export const TOOL_ACTION_PREFIX = "mauro:";

/**
 * A tool as this server has it (`GET /api/mauro/tools`): whether its program exists. Every user
 * gets the names and states (the web offers only tools that are on and installed); `program`,
 * `version` and the support folders only admins.
 */
export const ToolStateSchema = Type.Object({
  name: Type.String(),
  kind: Type.Enum(TOOL_KINDS),
  enabled: Type.Boolean(),
  /** Its program was found (a pipeline: both steps' programs, and both steps are on). */
  installed: Type.Boolean(),
  /** Admins: where the program was found (absolute path on the server). */
  program: Type.Optional(Type.String()),
  /** Admins: the first line of what the program says of its version (`--version`, else `-h`). */
  version: Type.Optional(Type.String()),
  /** A pipeline: its steps that are missing or switched off. */
  missing: Type.Optional(Type.Array(Type.String())),
});
export type ToolState = Static<typeof ToolStateSchema>;

export const SupportFolderStateSchema = Type.Object({
  path: Type.String(),
  /** The folder exists and is readable by the server. */
  exists: Type.Boolean(),
  /** How many files it holds (top level), when it exists. */
  files: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SupportFolderState = Static<typeof SupportFolderStateSchema>;

export const ToolStatesSchema = Type.Object({
  /** How programs run here (the same as `programs.mode` of `GET /api/settings`). */
  sandbox: Type.Union([
    Type.Literal("sandboxed"),
    Type.Literal("unsandboxed"),
    Type.Literal("off"),
  ]),
  tools: Type.Array(ToolStateSchema),
  /** Admins only. */
  supportFolders: Type.Optional(Type.Array(SupportFolderStateSchema)),
});
export type ToolStates = Static<typeof ToolStatesSchema>;

/** `GET /api/synctex/{pdf}`: `page`, `x`, `y` (PDF points from the page's top left) → source; `file`, `line` → places in the PDF. */
export const SyncTexQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  x: Type.Optional(Type.Number()),
  y: Type.Optional(Type.Number()),
  /** A path in the user's files (the `.tex`, or the Mauro-TeX source of a pipeline's PDF). */
  file: Type.Optional(Type.String()),
  line: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SyncTexQuery = Static<typeof SyncTexQuerySchema>;

export const SyncTexSourceSchema = Type.Object({
  /** The file TeX read, in the user's files (for a pipeline's PDF: the `.m.tex`). */
  file: Type.String(),
  line: Type.Integer({ minimum: 1 }),
  /**
   * For a pipeline's PDF, the Mauro-TeX source and its line, when the `.m.tex` keeps a trace of
   * it. The compilers (m2lv, m2ledmac) write none today (they know each macro's line but print
   * no comment or other mark of it), so the server leaves this out and the link ends at the
   * `.m.tex`.
   */
  origin: Type.Optional(Type.Object({ file: Type.String(), line: Type.Integer({ minimum: 1 }) })),
});
export type SyncTexSource = Static<typeof SyncTexSourceSchema>;

/** A place in the PDF, in PDF points from the page's top left. */
export const SyncTexBoxSchema = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
});
export type SyncTexBox = Static<typeof SyncTexBoxSchema>;

export const SyncTexAnswerSchema = Type.Object({
  /** Backward search (`page`, `x`, `y`): the source line. */
  source: Type.Optional(SyncTexSourceSchema),
  /** Forward search (`file`, `line`): where that line is in the PDF, best first. */
  boxes: Type.Optional(Type.Array(SyncTexBoxSchema)),
});
export type SyncTexAnswer = Static<typeof SyncTexAnswerSchema>;
