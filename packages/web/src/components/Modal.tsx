import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import "./modal.css";

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Buttons, right-aligned (left in RTL). */
  footer?: ReactNode;
  onClose: () => void;
  /** When given, the dialog is a form and Enter submits it. */
  onSubmit?: () => void;
  testId?: string;
}

/**
 * A modal card over a dimmed page. Escape is handled by the prompt host for the whole stack;
 * this component focuses the dialog's first field and closes on a click outside the card.
 */
export function Modal({ title, children, footer, onClose, onSubmit, testId }: ModalProps) {
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const card = cardRef.current;
    const first = card?.querySelector<HTMLElement>(
      "input:not(:disabled), select, textarea, button.button--primary:not(:disabled)",
    );
    (first ?? card)?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };

  const body = (
    <>
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div className="modal__body">{children}</div>
      {footer && <div className="modal__footer">{footer}</div>}
    </>
  );

  return (
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={cardRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        {onSubmit ? <form onSubmit={submit}>{body}</form> : body}
      </div>
    </div>
  );
}
