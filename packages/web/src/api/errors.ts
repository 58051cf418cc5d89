import i18n from "../i18n";
import { showErrorToast } from "../features/toasts/toast-store";
import { isStatusError } from "./status-error";

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

/** The text to show for a failure: the server's message, translated for a lost connection. */
export function errorMessage(err: unknown): string {
  if (isStatusError(err, 0)) return i18n.t("errors.noConnection");
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === "string" && err) return err;
  return i18n.t("errors.internal");
}

/**
 * The one place where a failed action is reported: an error toast (SPEC.md §8). A 401 is not
 * reported here because the client has already ended the session; aborted requests are silent.
 */
export function handleError(err: unknown): void {
  if (isAbort(err) || isStatusError(err, 401)) return;
  console.error(err);
  showErrorToast(errorMessage(err));
}
