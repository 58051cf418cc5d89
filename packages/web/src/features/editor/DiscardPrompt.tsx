import { useTranslation } from "react-i18next";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";

/**
 * discardEditorChanges (SPEC.md §2 Dialogs): leaving the editor with unsaved changes. Cancel
 * (or Escape, or a click outside) keeps the user in the editor; Discard drops the changes and
 * lets the navigation go on.
 */
export function DiscardPrompt({ spec, close }: PromptProps<SpecOf<"discardEditorChanges">>) {
  const { t } = useTranslation();
  return (
    <PromptDialog
      title={t("editor.discardTitle")}
      testId="prompt-discard"
      confirm={{
        label: t("editor.discard"),
        onConfirm: () => {
          spec.onDiscard();
          close();
        },
        tone: "danger",
        testId: "prompt-discard-confirm",
        cancelTestId: "prompt-discard-cancel",
      }}
    >
      <p>{t("editor.discardMessage")}</p>
    </PromptDialog>
  );
}
