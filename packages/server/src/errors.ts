import { statusOf, type ErrorCode } from "@scriptorium/shared";

/**
 * The one error type services throw; the error handler turns it into `{status, code, message}`.
 * The status comes from the code (ERROR_STATUS in packages/shared), never from the call site.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = statusOf(code);
  }
}

export const badRequest = (message: string, code: ErrorCode = "BAD_REQUEST") =>
  new AppError(code, message);
export const unauthorized = (message = "Authentication required") =>
  new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "Forbidden", code: ErrorCode = "FORBIDDEN") =>
  new AppError(code, message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("ALREADY_EXISTS", message);

/** Filesystem errno codes and what the API says of them: generic messages, never a path. */
const ERRNO: Record<string, { code: ErrorCode; message: string }> = {
  ENOENT: { code: "NOT_FOUND", message: "No such file or folder" },
  EEXIST: { code: "ALREADY_EXISTS", message: "The destination already exists" },
  ENOTEMPTY: { code: "ALREADY_EXISTS", message: "The destination folder is not empty" },
  EACCES: { code: "FORBIDDEN", message: "Permission denied" },
  EPERM: { code: "FORBIDDEN", message: "Operation not permitted" },
  EROFS: { code: "FORBIDDEN", message: "The file system is read-only" },
  ENOTDIR: { code: "NOT_A_FOLDER", message: "A path component is not a folder" },
  EISDIR: { code: "IS_A_FOLDER", message: "The path is a folder" },
  ENAMETOOLONG: { code: "NAME_TOO_LONG", message: "A file name or path is too long" },
  ELOOP: { code: "LINK_LOOP", message: "Too many levels of symbolic links" },
  EINVAL: { code: "BAD_REQUEST", message: "The operation is not valid for this path" },
  EFBIG: { code: "PAYLOAD_TOO_LARGE", message: "The file is too large" },
  ENOSPC: { code: "NO_SPACE", message: "There is no space left on the server" },
  EDQUOT: { code: "NO_SPACE", message: "The disk quota is exhausted" },
  EBUSY: { code: "LOCKED", message: "The file is busy" },
  EMFILE: { code: "UNAVAILABLE", message: "The server is busy; try again" },
  ENFILE: { code: "UNAVAILABLE", message: "The server is busy; try again" },
};

/** Maps a Node filesystem error (errno code) to an AppError, or undefined when it is not one. */
export function fromErrno(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const known = code ? ERRNO[code] : undefined;
  return known ? new AppError(known.code, known.message) : undefined;
}
