import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import type { PromptProps } from "./PromptHost";
import type { PromptSpec } from "./prompt-store";

type ConfirmSpec = Extract<PromptSpec, { name: "confirm" }>;

/** A yes/no question; `onConfirm` runs only on the confirming button. */
export function ConfirmPrompt({ spec, close }: PromptProps<ConfirmSpec>) {
  const { t } = useTranslation();
  return (
    <Modal
      title={spec.title}
      onClose={close}
      testId="prompt-confirm"
      footer={
        <>
          <button
            type="button"
            className="button button--flat"
            data-testid="confirm-cancel"
            onClick={close}
          >
            {t("buttons.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-testid="confirm-ok"
            onClick={() => {
              close();
              spec.onConfirm();
            }}
          >
            {spec.confirmLabel}
          </button>
        </>
      }
    >
      <p>{spec.message}</p>
    </Modal>
  );
}
