import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { IconButton } from "../../components/IconButton";

interface CompileButtonProps {
  /** The tool the button runs (the last one used on the file, else m2hv). */
  tool: string;
  running: boolean;
  onCompile: () => void;
  onCancel: () => void;
}

/** Compile (Ctrl+Enter) in the editor's bar; while the tool runs, a spinner that cancels. */
export function CompileButton({ tool, running, onCompile, onCancel }: CompileButtonProps) {
  const { t } = useTranslation();
  const label = running ? t("workbench.cancelCompile") : t("workbench.compile");
  return (
    <button
      type="button"
      className="button workbench__compile"
      data-testid="workbench-compile"
      data-state={running ? "running" : "idle"}
      data-tool={tool}
      aria-busy={running}
      aria-label={label}
      title={running ? label : `${t("workbench.compileWith", { tool })} (Ctrl+Enter)`}
      onClick={running ? onCancel : onCompile}
    >
      {running ? (
        <span className="spinner workbench__spinner" aria-hidden="true" />
      ) : (
        <Icon name="compile" size={20} />
      )}
      <span className="workbench__compile-label">{label}</span>
    </button>
  );
}

/** Shows or hides the output pane. */
export function PaneToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = hidden ? t("workbench.showOutput") : t("workbench.hideOutput");
  return (
    <IconButton
      icon="sidePanel"
      label={label}
      testId="workbench-pane-toggle"
      aria-pressed={!hidden}
      onClick={onToggle}
    />
  );
}
