import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import type { PromptProps } from "../prompts/PromptHost";
import { ItemNames } from "./ItemNames";
import type { OrganisePromptSpec } from "./prompt-specs";

type ReplaceRenameSpec = Extract<OrganisePromptSpec, { name: "replaceRename" }>;

/**
 * Names that exist at the destination (SPEC.md §5): rename keeps both (the server picks
 * name(1).ext), replace overwrites — offered only with the modify permission —, cancel sends
 * nothing.
 */
export function ReplaceRenamePrompt({ spec, close }: PromptProps<ReplaceRenameSpec>) {
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
        <>
          <button
            type="button"
            className="button button--flat"
            data-testid="replace-rename-cancel"
            onClick={close}
          >
            {t("buttons.cancel")}
          </button>
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
          <button
            type="button"
            className="button button--primary"
            data-testid="replace-rename-rename"
            onClick={() => answer("rename")}
          >
            {t("buttons.rename")}
          </button>
        </>
      }
    >
      <p>{t("prompts.replaceRenameMessage")}</p>
      <ItemNames names={spec.conflicts} />
    </Modal>
  );
}
