import { useEffect, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { ShellInput } from "./ShellInput";
import { ShellOutput } from "./ShellOutput";
import { closeShell, useShellStore } from "../../state/shell-store";
import { useShellFolder } from "./shell-folder";
import { usePanelHeight } from "./use-panel-height";
import { useShellRunner } from "./use-shell-runner";
import "./shell.css";

/**
 * The terminal at the bottom of the page (SPEC.md §2 Shell panel): commands typed here run on
 * the server in the folder on screen. Escape closes it while focus is inside it.
 */
export function ShellPanel() {
  const { t } = useTranslation();
  const open = useShellStore((state) => state.open);
  if (!open) return null;
  return <OpenShellPanel label={t("shell.title")} />;
}

function OpenShellPanel({ label }: { label: string }) {
  const { t } = useTranslation();
  const folder = useShellFolder();
  const { running, run, stop } = useShellRunner(folder);
  const { height, divider } = usePanelHeight();

  // The page keeps its last lines above the panel.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty("--shell-panel-height", `${height}px`);
    return () => {
      root.style.removeProperty("--shell-panel-height");
    };
  }, [height]);

  // Keys typed in the terminal are its own: the page's shortcuts (Ctrl+A, Ctrl+C, arrows of the
  // preview…) do not see them, except the function keys (F1 help).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (/^F\d{1,2}$/.test(event.key)) return;
    event.stopPropagation();
    if (event.key !== "Escape") return;
    event.preventDefault();
    closeShell();
  };

  // A click in the terminal that selects no text goes to the command line, as in a terminal.
  const focusLine = (event: MouseEvent<HTMLElement>) => {
    if (window.getSelection()?.isCollapsed === false) return;
    event.currentTarget.querySelector<HTMLInputElement>(".shell__input")?.focus();
  };

  return (
    <section className="shell" aria-label={label} onKeyDown={onKeyDown} data-testid="shell-panel">
      <div
        className="shell__divider"
        role="separator"
        aria-orientation="horizontal"
        aria-label={t("shell.resize")}
        aria-valuenow={height}
        tabIndex={0}
        data-testid="shell-divider"
        {...divider}
      />
      <div className="shell__body" style={{ height }} onClick={focusLine} data-testid="shell-body">
        <ShellOutput />
        <div className="shell__bar">
          <ShellInput folder={folder} running={running} onRun={run} />
          {running && (
            <button
              type="button"
              className="icon-button shell__stop"
              title={t("shell.stop")}
              aria-label={t("shell.stop")}
              onClick={stop}
              data-testid="shell-stop"
            >
              <Icon name="close" />
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
