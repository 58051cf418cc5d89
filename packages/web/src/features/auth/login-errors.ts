import type { TFunction } from "i18next";
import { errorMessage } from "../../api/errors";
import { isStatusError } from "../../api/status-error";

/**
 * The inline message for a failed login or signup (SPEC.md §8), or null when the failure is
 * not about the form and belongs in the general error prompt.
 */
export function loginErrorMessage(err: unknown, t: TFunction): string | null {
  if (!isStatusError(err)) return null;
  switch (err.status) {
    case 403:
      return t("login.wrongCredentials");
    case 409:
      return t("login.usernameTaken");
    case 429:
      return err.retryAfter
        ? t("login.tooManyAttempts", { seconds: err.retryAfter })
        : errorMessage(err);
    case 400:
    case 405:
      // Too short a password, signup disabled: the server's message says what to do.
      return errorMessage(err);
    default:
      return null;
  }
}
