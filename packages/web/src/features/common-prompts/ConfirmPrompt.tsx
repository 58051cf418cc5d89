import { Modal } from "../../components/Modal";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";
import { PromptFooter } from "../../prompts/PromptFooter";

/** A yes/no question; `onConfirm` runs only on the confirming button. */
export function ConfirmPrompt({ spec, close }: PromptProps<SpecOf<"confirm">>) {
  return (
    <Modal
      title={spec.title}
      onClose={close}
      testId="prompt-confirm"
      footer={
        <PromptFooter
          onCancel={close}
          cancelTestId="confirm-cancel"
          confirmLabel={spec.confirmLabel}
          onConfirm={() => {
            close();
            spec.onConfirm();
          }}
          confirmTestId="confirm-ok"
        />
      }
    >
      <p>{spec.message}</p>
    </Modal>
  );
}
