/**
 * A tool's log (`{tool}.OUT.log`) as the server writes it:
 *
 *     EXECUTING: m2hv -s A ./varia.tex
 *     SOURCE: /docs/varia.tex
 *     ----
 *     <what the tool printed, stdout and stderr as they came>
 *
 * pdflatex runs may repeat the three header lines for the second run.
 */
export function formatToolLogHeader(command: readonly string[], source: string): string {
  return `EXECUTING: ${command.join(" ")}\nSOURCE: ${source}\n----\n`;
}

/** The source file a log names (its `SOURCE:` line), if any. */
export function logSource(text: string): string | undefined {
  const match = /^SOURCE: (.+)$/m.exec(text);
  return match?.[1];
}

export { parseDiagnostics, type DiagnosticsOptions } from "./tex-log/index.js";
