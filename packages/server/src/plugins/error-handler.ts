import type { FastifyError, FastifyInstance } from "fastify";
import type { ErrorBody, ErrorCode } from "@scriptorium/shared";
import { AppError, fromErrno } from "../errors.js";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "ALREADY_EXISTS",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  423: "LOCKED",
  429: "RATE_LIMITED",
  501: "NOT_IMPLEMENTED",
};

function toAppError(err: FastifyError | AppError | Error): AppError {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError;
  if (fe.validation)
    return new AppError("VALIDATION_FAILED", 400, `Invalid request: ${fe.message}`);
  const errno = fromErrno(err);
  if (errno) return errno;
  const status = fe.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError(CODE_BY_STATUS[status] ?? "BAD_REQUEST", status, fe.message);
  }
  return new AppError("INTERNAL", 500, "Internal server error");
}

/** The one error handler: JSON `{status, code, message}`, 5xx details only in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) request.log.error({ err }, "request failed");
    else request.log.info({ code: appError.code, status: appError.status }, appError.message);
    const body: ErrorBody = {
      status: appError.status,
      code: appError.code,
      message: appError.message,
    };
    void reply.status(appError.status).headers(appError.headers).send(body);
  });
}

export function sendNotFound(url: string): ErrorBody {
  return { status: 404, code: "NOT_FOUND", message: `No API route matches ${url.split("?")[0]}` };
}
