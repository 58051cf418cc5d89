import { isErrorBody, type ErrorCode } from "@scriptorium/shared";
import i18n from "../i18n";

/*
 * Failures of the API, in one place: how an error answer becomes an error (whatever sent the
 * request: fetch, XMLHttpRequest or tus) and the text shown for it. Components never parse
 * error bodies. Showing a failure is the interface's business (state/handle-error.ts).
 */

/**
 * An API call that did not succeed. `status` is the HTTP status, or 0 when the server could
 * not be reached (SPEC.md §8: "000 No connection"). `message` is the server's message.
 */
export class StatusError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** Seconds from a Retry-After header (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(
    message: string,
    status: number,
    extra: { code?: ErrorCode; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "StatusError";
    this.status = status;
    this.code = extra.code;
    this.retryAfter = extra.retryAfter;
  }
}

export const NO_CONNECTION_MESSAGE = "000 No connection";

export function isStatusError(err: unknown, status?: number): err is StatusError {
  return err instanceof StatusError && (status === undefined || err.status === status);
}

/** An error answer as any transport sees it. */
export interface ErrorAnswer {
  status: number;
  statusText?: string;
  contentType?: string | null;
  body: string;
  /** The Retry-After header, if any. */
  retryAfter?: string | null;
}

function parseErrorBody(text: string) {
  try {
    const body: unknown = JSON.parse(text);
    return isErrorBody(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error for an answer that is not a success: the code and message of an API error body,
 * else the text of a plain answer (never an HTML page), else "{status} {statusText}".
 */
export function errorFromAnswer(answer: ErrorAnswer): StatusError {
  const text = answer.body.trim();
  const isHtml = Boolean(answer.contentType?.includes("text/html")) || text.startsWith("<");
  const body = parseErrorBody(text);
  const message =
    body?.message || (isHtml ? "" : text) || `${answer.status} ${answer.statusText ?? ""}`.trim();
  const retryAfter = Number(answer.retryAfter);
  return new StatusError(message, answer.status, {
    code: body?.code,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}

/** The text to show for a failure: the server's message, translated for a lost connection. */
export function errorMessage(err: unknown): string {
  if (isStatusError(err, 0)) return i18n.t("errors.noConnection");
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === "string" && err) return err;
  return i18n.t("errors.internal");
}

/**
 * The inline message of a failed login or signup form (SPEC.md §8), or null when the failure
 * is not about the form and belongs in the general error prompt.
 */
export function loginErrorMessage(err: unknown): string | null {
  if (!isStatusError(err)) return null;
  switch (err.status) {
    case 403:
      return i18n.t("login.wrongCredentials");
    case 409:
      return i18n.t("login.usernameTaken");
    case 429:
      return err.retryAfter
        ? i18n.t("login.tooManyAttempts", { seconds: err.retryAfter })
        : errorMessage(err);
    case 400:
    case 405:
      // Too short a password, signup disabled: the server's message says what to do.
      return errorMessage(err);
    default:
      return null;
  }
}
