import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";
import { PromptDialog } from "../../prompts/PromptDialog";

/** A yes/no question; `onConfirm` runs only on the confirming button. */
export function ConfirmPrompt({ spec, close }: PromptProps<SpecOf<"confirm">>) {
  return (
    <PromptDialog
      title={spec.title}
      testId="prompt-confirm"
      confirm={{
        label: spec.confirmLabel,
        onConfirm: () => {
          close();
          spec.onConfirm();
        },
        testId: "confirm-ok",
        cancelTestId: "confirm-cancel",
      }}
    >
      <p>{spec.message}</p>
    </PromptDialog>
  );
}
