import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/Button";

interface PromptFooterProps {
  /** Cancel: closes the dialog without doing anything. */
  onCancel: () => void;
  cancelTestId?: string;
  confirmLabel: string;
  /** Runs on the confirm button; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  confirmDisabled?: boolean;
  /** "danger" for confirms that destroy something (delete, discard). */
  tone?: "primary" | "danger";
  confirmTestId?: string;
  /** Further choices, between Cancel and the confirm button (skip, replace). */
  children?: ReactNode;
}

/** The buttons of a dialog that asks to confirm: Cancel, any other choices, then confirm. */
export function PromptFooter({
  onCancel,
  cancelTestId,
  confirmLabel,
  onConfirm,
  confirmDisabled,
  tone = "primary",
  confirmTestId = "prompt-confirm",
  children,
}: PromptFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button tone="flat" testId={cancelTestId} onClick={onCancel}>
        {t("buttons.cancel")}
      </Button>
      {children}
      <Button
        tone={tone}
        submit={!onConfirm}
        disabled={confirmDisabled}
        testId={confirmTestId}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
    </>
  );
}
