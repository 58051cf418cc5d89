import type { ErrorCode } from "@scriptorium/shared";

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
