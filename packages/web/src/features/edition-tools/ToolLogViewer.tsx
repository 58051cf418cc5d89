import type { Diagnostic, Resource } from "@scriptorium/shared";
import { logSource, parseDiagnostics, stemOf } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { baseName, encodePath, parentFolder } from "../../lib/paths";
import { fileUrls } from "../../api/resource-api";
import { useRunStore } from "../../state/run-store";

/** The tool a log belongs to: `m2hv.OUT.log` → `m2hv`. */
export function logTool(name: string): string {
  return name.replace(/\.OUT\.log$/, "");
}

/** The editor's url of a diagnostic's place: the file, with the line to jump to. */
export function diagnosticUrl(diagnostic: Pick<Diagnostic, "file" | "line">): string {
  return `/files${encodePath(diagnostic.file)}?line=${diagnostic.line}`;
}

type Output = { kind: "inline" | "page"; path: string };

/**
 * Where a run's main output is, from the log's place: m2hv's `index.html` beside the log (a
 * sandboxed page in a new tab), pdflatex's PDF beside the source, else the output folder.
 */
function outputOf(tool: string, logPath: string, source: string | undefined): Output {
  const folder = parentFolder(logPath);
  if (tool === "m2hv") return { kind: "inline", path: `${folder}index.html` };
  if (tool === "pdflatex" && source) {
    return { kind: "page", path: `${folder}${stemOf(baseName(source))}.pdf` };
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

/**
 * A tool's log (`{tool}.OUT.log`), read-only (SPEC.md §4): its diagnostics as links into the
 * editor at their line, a count of errors and warnings, the way to the output and to the
 * source, then the log itself.
 */
export function ToolLogViewer({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const text = resource.content ?? "";
  const source = logSource(text);
  const diagnostics = parseDiagnostics(text, source ?? resource.path);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const tool = logTool(resource.name);
  const lastRun = useRunStore((state) => (source ? state.lastRuns[source] : undefined));
  // The last run of this log that wrote nothing has no output to open.
  const noOutput = lastRun?.result.log === resource.path && lastRun.result.output === undefined;

  return (
    <section className="tool-log card" data-testid="tool-log">
      <header className="tool-log__header">
        <h2 className="card__title">{t("editionTools.log.title", { tool })}</h2>
        <p className="tool-log__summary" role="status" data-testid="tool-log-summary">
          {diagnostics.length === 0
            ? t("editionTools.log.none")
            : t("editionTools.log.summary", { errors, warnings: diagnostics.length - errors })}
        </p>
        <div className="tool-log__actions">
          {!noOutput && <OutputLink output={outputOf(tool, resource.path, source)} />}
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
      {diagnostics.length > 0 && (
        <ul
          className="tool-log__diagnostics"
          aria-label={t("editionTools.log.diagnostics")}
          data-testid="tool-log-diagnostics"
        >
          {diagnostics.map((d) => (
            <li
              key={`${d.file}:${d.line}:${d.message}`}
              className={`tool-log__diagnostic tool-log__diagnostic--${d.severity}`}
              data-severity={d.severity}
            >
              <Icon
                name={d.severity === "error" ? "alert" : "info"}
                size={16}
                label={t(`editionTools.log.${d.severity}`)}
              />
              <Link
                to={diagnosticUrl(d)}
                dir="ltr"
                title={d.file}
                data-testid="tool-log-diagnostic"
              >
                {`${baseName(d.file)}:${d.line}: ${d.message}`}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <pre className="tool-log__text" dir="ltr" data-testid="tool-log-text">
        {text}
      </pre>
    </section>
  );
}
