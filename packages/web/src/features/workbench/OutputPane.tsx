import type { SyncTexSource } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Link, useNavigate } from "react-router";
import { pdfViewerSlot } from "../../slots/pdf";
import { baseName, encodePath } from "../../lib/paths";
import { useRunStore } from "../../state/run-store";
import { fileUrls } from "../../api/resource-api";
import { outputOf } from "./compile";
import { outputKind, outputUrl, type OutputKind } from "./output-url";
import { useWorkbenchStore } from "./workbench-store";

/** What the pane shows for `source`: its last run's HTML page or PDF, or that it failed. */
export type PaneContent =
  { kind: OutputKind; path: string; at: number } | { kind: "failed"; log: string; at: number };

export function useOutput(source: string): PaneContent | null {
  const run = useRunStore((state) => state.lastRuns[source]);
  if (!run) return null;
  const path = outputOf(run);
  const kind = path ? outputKind(path) : null;
  if (path && kind) return { path, kind, at: run.at };
  const showsOutput = run.request.tool === "m2hv" || run.request.tool === "pdflatex";
  return !run.result.ok && showsOutput ? { kind: "failed", log: run.result.log, at: run.at } : null;
}

/** A run that wrote nothing to show: the pane says so and links to its log. */
function FailedRun({ log }: { log: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="workbench__pane workbench__pane--failed"
      data-testid="workbench-pane"
      aria-label={t("workbench.output")}
    >
      <p role="status" data-testid="workbench-no-output">
        {t("workbench.noOutput")}
      </p>
      <Link to={`/files${encodePath(log)}`} className="button" data-testid="workbench-open-log">
        {t("workbench.openLog")}
      </Link>
    </section>
  );
}

/**
 * Beside the source (under it on narrow screens): the last compile's HTML, through the
 * sandboxed inline view, or its PDF in the app's viewer. Every run loads it anew. A
 * double-click in the PDF moves the cursor to the line it came from (`onLine`) when that line
 * is in this source, else opens the file it is in at that line (an `\input` file, the `.m.tex`
 * of a pipeline); "Show in PDF" (the bar) asks the viewer to reveal the cursor's line.
 */
export function OutputPane({
  source,
  onLine,
}: {
  source: string;
  onLine?: (line: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const output = useOutput(source);
  const reveal = useWorkbenchStore((state) => state.reveals[source]);
  const hidden = useWorkbenchStore((state) => state.paneHidden);
  // While the file compiles again, the page on show is the previous run's: dimmed.
  const running = useRunStore((state) => state.running?.source === source);
  if (!output || hidden) return null;
  if (output.kind === "failed") return <FailedRun log={output.log} />;
  const name = baseName(output.path);
  const url = outputUrl(output.path, output.kind, output.at);
  const PdfViewer = pdfViewerSlot.get();
  const onSource = (found: SyncTexSource) => {
    if (found.file === source && onLine) onLine(found.line);
    else void navigate(`/files${encodePath(found.file)}?line=${found.line}`);
  };
  return (
    <section
      className="workbench__pane"
      data-testid="workbench-pane"
      data-running={running || undefined}
      aria-busy={running}
      aria-label={t("workbench.output")}
    >
      <div className="workbench__pane-bar">
        <span className="workbench__pane-name" title={output.path} dir="auto">
          {name}
        </span>
        <a
          className="icon-button"
          href={
            output.kind === "html" ? fileUrls.inline(output.path) : fileUrls.raw(output.path, true)
          }
          target="_blank"
          rel="noopener noreferrer"
          title={t("workbench.openOutput")}
          aria-label={t("workbench.openOutput")}
          data-testid="workbench-pane-open"
        >
          <Icon name="external" size={20} />
        </a>
      </div>
      {output.kind === "pdf" ? (
        <PdfViewer
          path={output.path}
          version={output.at}
          reveal={reveal?.pdf === output.path ? reveal : undefined}
          onSource={onSource}
          label={t("workbench.outputOf", { name })}
        />
      ) : (
        <iframe
          key={url}
          className="workbench__frame"
          data-testid="workbench-frame"
          data-kind={output.kind}
          // HTML runs as the server's inline policy says (scripts in an opaque origin).
          sandbox="allow-scripts allow-forms"
          title={t("workbench.outputOf", { name })}
          src={url}
        />
      )}
    </section>
  );
}
