import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";

export function ErrorPrompt({ spec, close }: PromptProps<SpecOf<"error">>) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("prompts.errorTitle")}
      onClose={close}
      testId="prompt-error"
      footer={
        <button type="button" className="button button--primary" onClick={close}>
          {t("buttons.ok")}
        </button>
      }
    >
      <p className="prompt-error" role="alert">
        <Icon name="alert" className="prompt-error__icon" />
        <span>{spec.message}</span>
      </p>
    </Modal>
  );
}
