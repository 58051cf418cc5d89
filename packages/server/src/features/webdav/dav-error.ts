import type { ErrorCode } from "@scriptorium/shared";
import { AppError } from "../../errors.js";

/**
 * A refusal that RFC 4918 answers with a `DAV:error` body naming the failed precondition
 * (`<D:propfind-finite-depth/>`, `<D:lock-token-submitted>…`): the WebDAV plugin writes that
 * body; anywhere else it is an ordinary AppError.
 */
export class DavError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    /** The precondition element(s), with the prefix D: for DAV:. */
    readonly condition: string,
  ) {
    super(code, message);
  }
}

/** The body of a DavError. */
export function davErrorBody(err: DavError): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:">${err.condition}</D:error>`;
}
