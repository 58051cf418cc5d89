import type { ErrorCode } from "@scriptorium/shared";

/** The one error type services throw; the error handler turns it into `{status, code, message}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code: ErrorCode = "BAD_REQUEST") =>
  new AppError(code, 400, message);
export const unauthorized = (message = "Authentication required") =>
  new AppError("UNAUTHORIZED", 401, message);
export const forbidden = (message = "Forbidden", code: ErrorCode = "FORBIDDEN") =>
  new AppError(code, 403, message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", 404, message);
export const conflict = (message: string) => new AppError("ALREADY_EXISTS", 409, message);

const ERRNO: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ENOENT: { status: 404, code: "NOT_FOUND", message: "No such file or folder" },
  EEXIST: { status: 409, code: "ALREADY_EXISTS", message: "The destination already exists" },
  EACCES: { status: 403, code: "FORBIDDEN", message: "Permission denied" },
  EPERM: { status: 403, code: "FORBIDDEN", message: "Operation not permitted" },
  ENOTDIR: { status: 400, code: "BAD_REQUEST", message: "A path component is not a folder" },
  EISDIR: { status: 400, code: "BAD_REQUEST", message: "The path is a folder" },
};

/** Maps a Node filesystem error (errno code) to an AppError, or undefined when it is not one. */
export function fromErrno(err: unknown): AppError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const known = code ? ERRNO[code] : undefined;
  return known ? new AppError(known.code, known.status, known.message) : undefined;
}
