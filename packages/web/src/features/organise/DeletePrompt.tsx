import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { ItemNames } from "./ItemNames";
import { deleteItems } from "./remove";

/** Delete the selection (SPEC.md §2, Delete key): one item by name, or "N items". */
export function DeletePrompt({ spec, close }: PromptProps<SpecOf<"delete">>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const count = spec.items.length;

  const confirm = () => {
    close();
    deleteItems(spec.items, queryClient).catch(handleError);
  };

  return (
    <PromptDialog
      title={t("prompts.delete")}
      testId="prompt-delete"
      confirm={{ label: t("buttons.delete"), onConfirm: confirm, tone: "danger" }}
    >
      <p>
        {count === 1
          ? t("prompts.deleteMessageSingle")
          : t("prompts.deleteMessageMultiple", { count })}
      </p>
      <ItemNames names={spec.items.map((item) => item.name)} />
    </PromptDialog>
  );
}
