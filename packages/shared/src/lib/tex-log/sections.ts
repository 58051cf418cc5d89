/** One run in a tool's log: its header (`EXECUTING:`, `SOURCE:`, `----`) and what it printed. */
export interface LogSection {
  /** The `EXECUTING:` line after the label, `""` for text before any header. */
  command: string;
  /** The program's base name (`pdflatex`, `m2lv`), `""` when unknown. */
  program: string;
  /** The `SOURCE:` line, if any. */
  source?: string;
  /** True for a TeX engine's run (`pdflatex`, `xelatex`, …; not a Mauro-TeX compiler). */
  tex: boolean;
  lines: string[];
}

function programOf(command: string): string {
  const first = command.split(" ")[0] ?? "";
  return first.slice(first.lastIndexOf("/") + 1);
}

function isTexProgram(program: string): boolean {
  return /tex$/i.test(program) && !/^m2/i.test(program);
}

/**
 * The runs of a log, in order. Text before the first header is a section of its own (a log
 * written by hand or by an earlier version), TeX's when it starts like TeX's output.
 */
export function splitSections(text: string): LogSection[] {
  const lines = text.split(/\r?\n/);
  const sections: LogSection[] = [];
  let current: LogSection = { command: "", program: "", tex: false, lines: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const executing = /^EXECUTING: (.*)$/.exec(line);
    if (executing) {
      if (current.command !== "" || current.lines.some((l) => l.trim() !== "")) {
        sections.push(current);
      }
      const command = executing[1] ?? "";
      const program = programOf(command);
      current = { command, program, tex: isTexProgram(program), lines: [] };
      const source = /^SOURCE: (.+)$/.exec(lines[i + 1] ?? "");
      if (source) {
        current.source = source[1];
        i++;
      }
      if (lines[i + 1] === "----") i++;
      continue;
    }
    current.lines.push(line);
  }
  if (current.command !== "" || current.lines.some((l) => l.trim() !== "")) sections.push(current);
  for (const section of sections) {
    if (section.command === "") {
      section.tex = section.lines.some((l) => /^This is (?:pdf|Xe|Lua(?:HB)?|e-)?TeX/.test(l));
    }
  }
  return sections;
}

/**
 * The sections whose messages count: a run repeated with the same command line (pdflatex's
 * second run for references and notes) replaces the earlier one, whose warnings about
 * undefined references are stale.
 */
export function currentSections(sections: readonly LogSection[]): LogSection[] {
  return sections.filter(
    (s, i) =>
      s.command === "" || !sections.slice(i + 1).some((later) => later.command === s.command),
  );
}
