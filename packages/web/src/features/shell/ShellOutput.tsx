import { useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ParseKeys } from "i18next";
import { useShellStore, type CommandStatus } from "../../state/shell-store";
import { ShellRefusal } from "./ShellRefusal";

/** The line shown under a command that did not simply succeed. */
const STATUS_TEXT: Partial<Record<CommandStatus, ParseKeys>> = {
  failed: "shell.status.failed",
  refused: "shell.status.refused",
  lost: "shell.status.lost",
  unreachable: "shell.status.unreachable",
  stopped: "shell.status.stopped",
};

/** Pixels an arrow key scrolls the output by. */
const LINE_STEP = 40;

/**
 * Where a key moves the output's scroll position, or undefined for a key that does not scroll
 * it: arrows by a line, PageUp/PageDown by most of the visible height, Home/End to either end.
 */
export function scrollTarget(
  key: string,
  box: { scrollTop: number; clientHeight: number; scrollHeight: number },
): number | undefined {
  const page = Math.max(LINE_STEP, box.clientHeight * 0.9);
  const moves: Record<string, number> = {
    ArrowUp: box.scrollTop - LINE_STEP,
    ArrowDown: box.scrollTop + LINE_STEP,
    PageUp: box.scrollTop - page,
    PageDown: box.scrollTop + page,
    Home: 0,
    End: box.scrollHeight,
  };
  const to = moves[key];
  if (to === undefined) return undefined;
  return Math.min(Math.max(0, to), Math.max(0, box.scrollHeight - box.clientHeight));
}

/**
 * Each command with its prompt, what it printed, and how it ended; kept scrolled to the end. The
 * region takes focus (Tab) and scrolls with the arrows, PageUp/PageDown and Home/End (issue 31).
 */
export function ShellOutput() {
  const { t } = useTranslation();
  const entries = useShellStore((state) => state.entries);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [entries]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const box = event.currentTarget;
    const to = scrollTarget(event.key, box);
    if (to === undefined) return;
    event.preventDefault();
    box.scrollTop = to;
  };

  return (
    <div
      className="shell__output"
      role="log"
      aria-live="polite"
      aria-label={t("shell.output")}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="shell-output"
    >
      {entries.map((entry) => {
        const status = STATUS_TEXT[entry.status];
        const refusal = entry.status === "refused" ? entry.refusal : undefined;
        return (
          <div key={entry.id} className="shell__entry" data-status={entry.status}>
            <div className="shell__echo" dir="ltr">
              <span className="shell__prompt">{entry.folder} $</span> {entry.command}
            </div>
            {refusal ? (
              <ShellRefusal entry={entry} refusal={refusal} />
            ) : (
              entry.output && (
                <pre className="shell__text" dir="ltr">
                  {entry.output}
                </pre>
              )
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
