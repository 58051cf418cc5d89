import { errorMessage, isStatusError } from "../api/errors";
import { showErrorToast } from "./toast-store";

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
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
