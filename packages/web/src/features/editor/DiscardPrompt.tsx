import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";

/**
 * discardEditorChanges (SPEC.md §2 Dialogs): leaving the editor with unsaved changes. Cancel
 * (or Escape, or a click outside) keeps the user in the editor; Discard drops the changes and
 * lets the navigation go on.
 */
export function DiscardPrompt({ spec, close }: PromptProps<SpecOf<"discardEditorChanges">>) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("editor.discardTitle")}
      onClose={close}
      testId="prompt-discard"
      footer={
        <PromptFooter
          onCancel={close}
          cancelTestId="prompt-discard-cancel"
          confirmLabel={t("editor.discard")}
          onConfirm={() => {
            spec.onDiscard();
            close();
          }}
          tone="danger"
          confirmTestId="prompt-discard-confirm"
        />
      }
    >
      <p>{t("editor.discardMessage")}</p>
    </Modal>
  );
}
