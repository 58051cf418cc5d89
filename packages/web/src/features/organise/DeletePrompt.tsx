import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { handleError } from "../../api/errors";
import { Modal } from "../../components/Modal";
import type { PromptProps } from "../prompts/PromptHost";
import { ItemNames } from "./ItemNames";
import type { OrganisePromptSpec } from "./prompt-specs";
import { deleteItems } from "./remove";

type DeleteSpec = Extract<OrganisePromptSpec, { name: "delete" }>;

/** Delete the selection (SPEC.md §2, Delete key): one item by name, or "N items". */
export function DeletePrompt({ spec, close }: PromptProps<DeleteSpec>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const count = spec.items.length;

  const confirm = () => {
    close();
    deleteItems(spec.items, queryClient).catch(handleError);
  };

  return (
    <Modal
      title={t("prompts.delete")}
      onClose={close}
      testId="prompt-delete"
      footer={
        <>
          <button type="button" className="button button--flat" onClick={close}>
            {t("buttons.cancel")}
          </button>
          <button
            type="button"
            className="button button--danger"
            data-testid="prompt-confirm"
            onClick={confirm}
          >
            {t("buttons.delete")}
          </button>
        </>
      }
    >
      <p>
        {count === 1
          ? t("prompts.deleteMessageSingle")
          : t("prompts.deleteMessageMultiple", { count })}
      </p>
      <ItemNames names={spec.items.map((item) => item.name)} />
    </Modal>
  );
}
