import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";
import { ItemNames } from "./ItemNames";

/**
 * Names that exist at the destination (SPEC.md §5): rename keeps both (the server picks
 * name(1).ext), replace overwrites — offered only with the modify permission —, cancel sends
 * nothing.
 */
export function ReplaceRenamePrompt({ spec, close }: PromptProps<SpecOf<"replaceRename">>) {
  const { t } = useTranslation();
  const answer = (choice: "rename" | "replace") => {
    spec.choose(choice);
    close();
  };

  return (
    <Modal
      title={t("prompts.replaceRename")}
      onClose={close}
      testId="prompt-replace-rename"
      footer={
        <PromptFooter
          onCancel={close}
          cancelTestId="replace-rename-cancel"
          confirmLabel={t("buttons.rename")}
          onConfirm={() => answer("rename")}
          confirmTestId="replace-rename-rename"
        >
          {spec.canReplace && (
            <button
              type="button"
              className="button button--flat"
              data-testid="replace-rename-replace"
              onClick={() => answer("replace")}
            >
              {t("buttons.replace")}
            </button>
          )}
        </PromptFooter>
      }
    >
      <p>{t("prompts.replaceRenameMessage")}</p>
      <ItemNames names={spec.conflicts} />
    </Modal>
  );
}
