import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";

export interface DiscardPromptProps {
  spec: { onDiscard: () => void };
  close: () => void;
}

/**
 * discardEditorChanges (SPEC.md §2 Dialogs): leaving the editor with unsaved changes. Cancel
 * (or Escape, or a click outside) keeps the user in the editor; Discard drops the changes and
 * lets the navigation go on.
 */
export function DiscardPrompt({ spec, close }: DiscardPromptProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("editor.discardTitle")}
      onClose={close}
      testId="prompt-discard"
      footer={
        <>
          <button
            type="button"
            className="button button--flat"
            data-testid="prompt-discard-cancel"
            onClick={close}
          >
            {t("buttons.cancel")}
          </button>
          <button
            type="button"
            className="button editor-discard__confirm"
            data-testid="prompt-discard-confirm"
            onClick={() => {
              spec.onDiscard();
              close();
            }}
          >
            {t("editor.discard")}
          </button>
        </>
      }
    >
      <p>{t("editor.discardMessage")}</p>
    </Modal>
  );
}
