import type { Resource } from "@scriptorium/shared";
import {
  logSource,
  parseDiagnostics,
  parseSourceLogName,
  PDF_PIPELINE_TOOLS,
  stemOf,
} from "@scriptorium/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DiagnosticList } from "../../components/DiagnosticList";
import { Icon } from "../../components/Icon";
import { baseName, encodePath, parentFolder } from "../../lib/paths";
import { fileUrls } from "../../api/resource-api";
import { useRunStore } from "../../state/run-store";
import { LogHistory } from "./LogHistory";

/** The tool a log belongs to: `m2hv.OUT.log` → `m2hv`, `varia.m2lv-pdf.2.log` → `m2lv-pdf`. */
export function logTool(name: string): string {
  if (/\.OUT\.log$/.test(name)) return name.replace(/\.OUT\.log$/, "");
  return parseSourceLogName(name)?.tool ?? name;
}

type Output = { kind: "inline" | "page"; path: string };

/**
 * Where a run's main output is, from the log's place: m2hv's `index.html` beside the log (a
 * sandboxed page in a new tab), pdflatex's PDF beside the source, a pipeline's `<stem>.m.pdf`
 * beside the log, else the output folder.
 */
function outputOf(tool: string, logPath: string, source: string | undefined): Output {
  const folder = parentFolder(logPath);
  if (tool === "m2hv") return { kind: "inline", path: `${folder}index.html` };
  if (tool === "pdflatex" && source) {
    return { kind: "page", path: `${folder}${stemOf(baseName(source))}.pdf` };
  }
  if ((PDF_PIPELINE_TOOLS as readonly string[]).includes(tool) && source) {
    return { kind: "page", path: `${folder}${stemOf(baseName(source))}.m.pdf` };
  }
  return { kind: "page", path: folder };
}

function OutputLink({ output }: { output: Output }) {
  const { t } = useTranslation();
  const label = t("editionTools.log.openOutput");
  if (output.kind === "inline") {
    return (
      <a
        className="button"
        href={fileUrls.inline(output.path)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="tool-log-output"
      >
        <Icon name="external" size={20} />
        {label}
      </a>
    );
  }
  return (
    <Link className="button" to={`/files${encodePath(output.path)}`} data-testid="tool-log-output">
      <Icon name="external" size={20} />
      {label}
    </Link>
  );
}

/** True when the log's last run did not end well (`---- exit code …`, `---- stopped …`). */
function endedBadly(text: string): boolean {
  const sections = text.split(/^EXECUTING: /m);
  return /^---- (?:exit code|stopped)/m.test(sections[sections.length - 1] ?? "");
}

/**
 * A tool's log (`<stem>.<tool>.log`, or an earlier version's `{tool}.OUT.log`), read-only
 * (SPEC.md §4): its diagnostics as links into the editor at their line, in the file each
 * belongs to (files outside the user's as plain text), a count of errors and warnings, the
 * way to the output and to the source, the other kept logs of the same source and tool, then
 * the log itself. The tool ran in the log's folder (pdflatex beside the source, the compilers
 * and the pipelines in the destination): relative names start there.
 */
export function ToolLogViewer({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const text = resource.content ?? "";
  const source = logSource(text);
  const diagnostics = useMemo(
    () => parseDiagnostics(text, source ?? resource.path, { folder: parentFolder(resource.path) }),
    [text, source, resource.path],
  );
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const tool = logTool(resource.name);
  const lastRun = useRunStore((state) => (source ? state.lastRuns[source] : undefined));
  // The last run of this log: what it wrote, or that it wrote nothing to open.
  const thisRun = lastRun?.result.log === resource.path ? lastRun.result : undefined;
  const output: Output | null = thisRun
    ? thisRun.output
      ? { kind: tool === "m2hv" ? "inline" : "page", path: thisRun.output }
      : null
    : outputOf(tool, resource.path, source);

  let summary: string;
  if (diagnostics.length > 0) {
    summary = t("editionTools.log.summary", { errors, warnings: diagnostics.length - errors });
  } else if (endedBadly(text)) {
    summary = t("editionTools.log.failedUnplaced");
  } else {
    summary = t("editionTools.log.none");
  }

  return (
    <section className="tool-log card" data-testid="tool-log">
      <header className="tool-log__header">
        <h1 className="card__title">{t("editionTools.log.title", { tool })}</h1>
        <p className="tool-log__summary" role="status" data-testid="tool-log-summary">
          {summary}
        </p>
        <div className="tool-log__actions">
          {output && <OutputLink output={output} />}
          {source && (
            <Link
              className="button"
              to={`/files${encodePath(source)}`}
              data-testid="tool-log-source"
            >
              <Icon name="fileText" size={20} />
              {t("editionTools.log.openSource")}
            </Link>
          )}
        </div>
      </header>
      <LogHistory path={resource.path} name={resource.name} />
      {diagnostics.length > 0 && (
        <DiagnosticList
          diagnostics={diagnostics}
          label={t("editionTools.log.diagnostics")}
          testId="tool-log-diagnostic"
        />
      )}
      <pre className="tool-log__text" dir="ltr" data-testid="tool-log-text">
        {text}
      </pre>
    </section>
  );
}
