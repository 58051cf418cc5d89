import { useState } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { Modal } from "../../components/Modal";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";
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
    <Modal
      title={t("share.deleteTitle")}
      onClose={close}
      testId="prompt-share-delete"
      footer={
        <PromptFooter
          onCancel={close}
          confirmLabel={t("buttons.delete")}
          onConfirm={() => void confirm()}
          confirmDisabled={busy}
          tone="danger"
          confirmTestId="share-delete-confirm"
        />
      }
    >
      <ShareDeleteQuestion share={spec.share} />
    </Modal>
  );
}
