/**
 * Every error code of the API and the HTTP status it answers with: the one table from which both
 * the server (status of an error) and the web client (meaning of a code) read. Each distinct
 * failure has its own code.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_PATH: 400,
  NAME_TOO_LONG: 400,
  LINK_LOOP: 400,
  NOT_A_FOLDER: 400,
  IS_A_FOLDER: 400,
  INTO_ITSELF: 400,
  /** A name ending with the staging suffix, which marks files being written (hidden, swept). */
  RESERVED_NAME: 400,
  PASSWORD_TOO_SHORT: 400,
  /** A rule that cannot be saved: an invalid regular expression (with its position) or path. */
  INVALID_RULE: 400,
  /** A password change whose `current_password` is missing or wrong (as File Browser: 400). */
  CURRENT_PASSWORD_INCORRECT: 400,
  UNAUTHORIZED: 401,
  WRONG_CREDENTIALS: 403,
  FORBIDDEN: 403,
  PATH_OUTSIDE_SCOPE: 403,
  RULE_DENIED: 403,
  /** A `before_` hook command of the server failed, so the action was not done. */
  HOOK_REFUSED: 403,
  /** A drop box that has received all the files its link allows. */
  DROP_BOX_FULL: 403,
  NOT_FOUND: 404,
  /** A share link that reached its download limit. */
  LINK_EXHAUSTED: 410,
  METHOD_NOT_ALLOWED: 405,
  SIGNUP_DISABLED: 405,
  ALREADY_EXISTS: 409,
  OFFSET_MISMATCH: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  /** A file whose content cannot be decoded (a broken image, unparsable subtitles). */
  UNREADABLE_FILE: 422,
  LOCKED: 423,
  RATE_LIMITED: 429,
  /** Too many tool runs at once: for this user, or on the whole server. */
  TOO_MANY_RUNS: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  /** A WebDAV COPY or MOVE whose Destination is not on this server (RFC 4918 §9.8.5). */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  /**
   * Programs (shell, hooks, edition tools) are off: no working bubblewrap, and the admin did not
   * start the server with --unsandboxed-programs. The message says what is missing.
   */
  PROGRAMS_OFF: 503,
  NO_SPACE: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Stable error codes shared by the server's error bodies and the web client. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/**
 * The JSON body of every error answer of the API (API.md Part A §2); its schema is
 * schemas/error-body.ts, kept apart so that the web client's first page loads no TypeBox.
 */
export interface ErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
  /** On 5xx answers: the id that the server's log line carries beside the details. */
  requestId?: string;
}

/** True when a parsed JSON value has the shape of an API error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === "number" && typeof v.code === "string" && typeof v.message === "string"
  );
}
