import { useState } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { ShareDeleteQuestion } from "./ShareDeleteQuestion";
import { useDeleteShare } from "./use-delete-share";

/** share-delete (SPEC.md §2 Dialogs): confirms deleting one link of the settings list. */
export function ShareDeletePrompt({ spec, close }: PromptProps<SpecOf<"share-delete">>) {
  const { t } = useTranslation();
  const removeShare = useDeleteShare();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await removeShare(spec.share);
      close();
    } catch (err) {
      close();
      handleError(err);
    }
  };

  return (
    <PromptDialog
      title={t("share.deleteTitle")}
      testId="prompt-share-delete"
      confirm={{
        label: t("buttons.delete"),
        onConfirm: () => void confirm(),
        disabled: busy,
        tone: "danger",
        testId: "share-delete-confirm",
      }}
    >
      <ShareDeleteQuestion share={spec.share} />
    </PromptDialog>
  );
}
