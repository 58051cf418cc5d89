import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { SaveState } from "./use-save";

/** The Save button: idle, a spinner while saving, then a done icon (SPEC.md §4 Buttons). */
export function SaveButton({ state, onSave }: { state: SaveState; onSave: () => void }) {
  const { t } = useTranslation();
  const label = state === "saved" ? t("editor.saved") : t("buttons.save");
  return (
    <button
      type="button"
      className={`button button--primary editor__save editor__save--${state}`}
      data-testid="editor-save"
      data-state={state}
      aria-busy={state === "saving"}
      aria-label={label}
      title={`${t("buttons.save")} (Ctrl+S)`}
      onClick={onSave}
    >
      {state === "saving" ? (
        <span className="spinner editor__spinner" aria-hidden="true" />
      ) : state === "saved" ? (
        <Icon name="check" size={20} />
      ) : (
        <Icon name="save" size={20} />
      )}
      <span className="editor__save-label">{label}</span>
    </button>
  );
}
