import { Type, type Static } from "typebox";

/** Stable error codes shared by the server's error bodies and the web client. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHORIZED",
  "WRONG_CREDENTIALS",
  "FORBIDDEN",
  "PATH_OUTSIDE_SCOPE",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "ALREADY_EXISTS",
  "SIGNUP_DISABLED",
  "PASSWORD_TOO_SHORT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "LOCKED",
  "NOT_IMPLEMENTED",
  "PRECONDITION_FAILED",
  "RANGE_NOT_SATISFIABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer of the API (API.md Part A §2). */
export const ErrorBodySchema = Type.Object({
  status: Type.Integer(),
  code: Type.Enum(ERROR_CODES),
  message: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** True when a parsed JSON value has the shape of an API error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === "number" && typeof v.code === "string" && typeof v.message === "string"
  );
}
