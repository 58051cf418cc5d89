import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { SaveState } from "./use-save";

const SAVE_ICON = "M5 4h11l3 3v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM8 4v5h7V4M8 20v-6h8v6";

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
        <span className="editor__spinner" aria-hidden="true" />
      ) : state === "saved" ? (
        <Icon name="check" size={20} />
      ) : (
        <svg
          className="icon"
          width={20}
          height={20}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d={SAVE_ICON} />
        </svg>
      )}
      <span className="editor__save-label">{label}</span>
    </button>
  );
}
