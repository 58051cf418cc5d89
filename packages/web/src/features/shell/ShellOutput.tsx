import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ParseKeys } from "i18next";
import { useShellStore, type CommandStatus } from "../../state/shell-store";

/** The line shown under a command that did not simply succeed. */
const STATUS_TEXT: Partial<Record<CommandStatus, ParseKeys>> = {
  failed: "shell.status.failed",
  refused: "shell.status.refused",
  lost: "shell.status.lost",
  unreachable: "shell.status.unreachable",
  stopped: "shell.status.stopped",
};

/** Each command with its prompt, what it printed, and how it ended; kept scrolled to the end. */
export function ShellOutput() {
  const { t } = useTranslation();
  const entries = useShellStore((state) => state.entries);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [entries]);

  return (
    <div className="shell__output" role="log" aria-live="polite" data-testid="shell-output">
      {entries.map((entry) => {
        const status = STATUS_TEXT[entry.status];
        return (
          <div key={entry.id} className="shell__entry" data-status={entry.status}>
            <div className="shell__echo" dir="ltr">
              <span className="shell__prompt">{entry.folder} $</span> {entry.command}
            </div>
            {entry.output && (
              <pre className="shell__text" dir="ltr">
                {entry.output}
              </pre>
            )}
            {status && (
              <div
                className={`shell__status shell__status--${entry.status}`}
                data-testid="shell-status"
              >
                {t(status)}
              </div>
            )}
          </div>
        );
      })}
      <div ref={end} />
    </div>
  );
}
