import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { useOpenDialog } from "../../components/use-modal-dialog";
import { getGlobals } from "../../lib/globals";
import { reportIssueHref } from "../../lib/project";
import { useToastStore, type Toast } from "../../state/toast-store";
import "./toasts.css";

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((state) => state.dismiss);
  const isError = toast.kind === "error";
  const { DisableExternal, ReportURL } = getGlobals();
  const report = isError && !DisableExternal ? reportIssueHref(ReportURL, toast.message) : null;
  return (
    <div className={`toast toast--${toast.kind}`} data-testid={`toast-${toast.kind}`}>
      <Icon name={isError ? "alert" : toast.kind === "success" ? "check" : "info"} size={20} />
      <span className="toast__message">{toast.message}</span>
      {toast.link && (
        <Link
          to={toast.link.to}
          className="toast__button"
          data-testid="toast-link"
          onClick={() => dismiss(toast.id)}
        >
          {toast.link.label}
        </Link>
      )}
      {report && (
        <button
          type="button"
          className="toast__button"
          data-testid="toast-report"
          onClick={() => window.open(report, "_blank", "noopener")}
        >
          {t("buttons.reportIssue")}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label={t("buttons.dismiss")}
        data-testid="toast-dismiss"
        onClick={() => dismiss(toast.id)}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

/**
 * Bottom-centre toasts (SPEC.md §9). While a modal dialog is open the page behind it is inert,
 * so the toasts render inside the dialog: still above it, readable and dismissible.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dialog = useOpenDialog();
  if (toasts.length === 0) return null;
  // A labelled region (a landmark), so that nothing of the page sits outside one; the messages
  // are announced by the announcer (toast-store.ts), not by this region.
  const layer = (
    <section className="toaster" data-testid="toasts" aria-label={t("toasts.label")}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
  return dialog ? createPortal(layer, dialog) : layer;
}
