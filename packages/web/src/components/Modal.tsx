import { useId, type FormEvent, type ReactNode } from "react";
import { useModalDialog } from "./use-modal-dialog";
import "./modal.css";

export interface ModalProps {
  title: string;
  children: ReactNode;
  /** Buttons, right-aligned (left in RTL). */
  footer?: ReactNode;
  /** Escape, a click on the dimmed page, or a Cancel button. */
  onClose: () => void;
  /** When given, the dialog is a form and Enter submits it. */
  onSubmit?: () => void;
  testId?: string;
  /** A modifier of the card (`modal--wide`: a large dialog, the whole screen on phones). */
  className?: string;
}

/**
 * A modal card over a dimmed page: a native `<dialog>` opened with showModal(), so the page
 * behind is inert. The focus starts on the first field (or the enabled main button), Tab stays
 * inside, and the element that had the focus gets it back on close.
 */
export function Modal({
  title,
  children,
  footer,
  onClose,
  onSubmit,
  testId,
  className,
}: ModalProps) {
  const titleId = useId();
  const { ref, onKeyDown, onMouseDown } = useModalDialog(onClose);

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
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
    >
      {onSubmit ? <form onSubmit={submit}>{body}</form> : body}
    </dialog>
  );
}
