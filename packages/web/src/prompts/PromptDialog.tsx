import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/Button";
import { Modal } from "../components/Modal";
import { PromptFooter } from "./PromptFooter";
import { closePrompt } from "./prompt-store";

/** The confirm button of a dialog that asks (PromptFooter's props, shorter). */
export interface ConfirmButton {
  label: string;
  /** Without it the button submits the dialog's form (`onSubmit`). */
  onConfirm?: () => void;
  disabled?: boolean;
  tone?: "primary" | "danger";
  testId?: string;
  cancelTestId?: string;
}

interface PromptDialogProps {
  title: string;
  testId: string;
  /** Defaults to closing the prompt on screen, the `close` the host gives every prompt. */
  close?: () => void;
  /** The dialog is a form: Enter (and a confirm button without onConfirm) submits it. */
  onSubmit?: () => void;
  /** Cancel and this button; without it, one button that closes: OK or Cancel. */
  confirm?: ConfirmButton;
  dismiss?: "ok" | "cancel";
  /** Further choices between Cancel and confirm (skip, replace). */
  choices?: ReactNode;
  children: ReactNode;
}

/**
 * A prompt's frame: the modal with its title and the one footer every dialog uses, either
 * Cancel, other choices and a confirm button, or a single button that closes (OK or Cancel).
 */
export function PromptDialog({
  title,
  testId,
  close = closePrompt,
  onSubmit,
  confirm,
  dismiss = "ok",
  choices,
  children,
}: PromptDialogProps) {
  const { t } = useTranslation();
  const footer = confirm ? (
    <PromptFooter
      onCancel={close}
      cancelTestId={confirm.cancelTestId}
      confirmLabel={confirm.label}
      onConfirm={confirm.onConfirm}
      confirmDisabled={confirm.disabled}
      tone={confirm.tone}
      confirmTestId={confirm.testId}
    >
      {choices}
    </PromptFooter>
  ) : (
    <Button tone={dismiss === "ok" ? "primary" : "flat"} onClick={close}>
      {t(dismiss === "ok" ? "buttons.ok" : "buttons.cancel")}
    </Button>
  );
  return (
    <Modal title={title} onClose={close} onSubmit={onSubmit} testId={testId} footer={footer}>
      {children}
    </Modal>
  );
}
