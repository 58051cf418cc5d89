import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { FRESH_CURSOR, stepHistory, type HistoryCursor } from "./history-nav";
import { useShellStore } from "../../state/shell-store";

interface ShellInputProps {
  folder: string;
  running: boolean;
  onRun: (line: string) => void;
}

/** The prompt (the folder commands run in) and the command line; Enter runs it. */
export function ShellInput({ folder, running, onRun }: ShellInputProps) {
  const { t } = useTranslation();
  const history = useShellStore((state) => state.history);
  const [line, setLine] = useState("");
  const [cursor, setCursor] = useState<HistoryCursor>(FRESH_CURSOR);
  const input = useRef<HTMLInputElement>(null);

  // Focus comes back to the line when a command ends (a disabled input loses it).
  useEffect(() => {
    if (!running) input.current?.focus();
  }, [running]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onRun(line);
      setLine("");
      setCursor(FRESH_CURSOR);
      return;
    }
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    const step = stepHistory(history, cursor, event.key === "ArrowUp" ? -1 : 1, line);
    if (!step) return;
    setCursor(step.cursor);
    setLine(step.line);
  };

  return (
    <div className="shell__line">
      <span className="shell__prompt" dir="ltr" aria-hidden="true" data-testid="shell-prompt">
        {folder} $
      </span>
      <input
        ref={input}
        className="shell__input"
        aria-label={t("shell.inputLabel", { folder })}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={line}
        disabled={running}
        onChange={(event) => {
          setLine(event.target.value);
          setCursor((current) => (current.index === null ? current : FRESH_CURSOR));
        }}
        onKeyDown={onKeyDown}
        data-testid="shell-input"
      />
    </div>
  );
}
