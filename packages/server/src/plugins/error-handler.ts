import type { FastifyError, FastifyInstance } from "fastify";
import { ERROR_CODES, ERROR_STATUS, type ErrorBody, type ErrorCode } from "@scriptorium/shared";
import { AppError, fromErrno } from "../errors.js";

/**
 * For a library's error (Fastify's, a plugin's) that only has a status: the first, most generic
 * code of that status in the one table of packages/shared, else BAD_REQUEST.
 */
function firstCodeWithStatus(status: number): ErrorCode {
  return ERROR_CODES.find((code) => ERROR_STATUS[code] === status) ?? "BAD_REQUEST";
}

/** Any thrown value as an AppError; `undefined` when it is an unexpected failure (a 500). */
function toAppError(err: unknown): AppError | undefined {
  const known = fromErrno(err);
  if (known) return known;
  // PostgreSQL's data exceptions (SQLSTATE class 22): a number out of range for a column, a text
  // it cannot take. A value of the request, as SQLite would have compared it and found nothing.
  const sqlState = (err as { code?: unknown; severity?: unknown } | undefined)?.code;
  if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) {
    return new AppError("BAD_REQUEST", "A value of the request is out of range or malformed");
  }
  const fe = err as Partial<FastifyError> | undefined;
  if (fe?.validation) return new AppError("VALIDATION_FAILED", `Invalid request: ${fe.message}`);
  const status = fe?.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError(firstCodeWithStatus(status), fe.message ?? "Bad request");
  }
  return undefined;
}

/** The body of an unexpected failure: what failed and the id the log line carries. */
function internalErrorBody(requestId: string): ErrorBody {
  return {
    status: 500,
    code: "INTERNAL",
    message: `The server could not complete the request (request id ${requestId})`,
    requestId,
  };
}

/**
 * The one error handler: JSON `{status, code, message}`. A 5xx body never carries the error's
 * own text (it may hold the server's paths): only a fixed sentence and the request id that the
 * log line carries beside the details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request, reply) => {
    const appError = toAppError(err);
    let body: ErrorBody;
    if (appError && appError.status < 500) {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
      body = { status: appError.status, code: appError.code, message: appError.message };
    } else if (appError?.code === "PROGRAMS_OFF" || appError?.code === "NOT_IMPLEMENTED") {
      // An expected state of the server (programs off, logged once at start; a tool or a codec
      // not installed), not a failure: one warning line, no stack. A 501 names what is missing.
      request.log.warn({ code: appError.code, status: appError.status }, appError.message);
      body = { status: appError.status, code: appError.code, message: appError.message };
    } else {
      request.log.error({ err }, "request failed");
      body = internalErrorBody(request.id);
      if (appError) Object.assign(body, { status: appError.status, code: appError.code });
    }
    void reply
      .status(body.status)
      .headers(appError?.headers ?? {})
      .send(body);
  });
}

/** The error of a request that no route matches. */
export function routeNotFound(url: string): AppError {
  return new AppError("NOT_FOUND", `No API route matches ${url.split("?")[0]}`);
}
