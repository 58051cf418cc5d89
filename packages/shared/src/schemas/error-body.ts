import { Type, type Static } from "typebox";
import { ERROR_CODES, type ErrorBody } from "../errors.js";

/** The JSON body of every error answer of the API (API.md Part A §2). */
export const ErrorBodySchema = Type.Object({
  status: Type.Integer(),
  code: Type.Enum(ERROR_CODES),
  message: Type.String(),
  /** On 5xx answers: the id that the server's log line carries beside the details. */
  requestId: Type.Optional(Type.String()),
});

/** The schema and the interface of errors.ts describe the same body. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const errorBodyMatches: Same<Static<typeof ErrorBodySchema>, ErrorBody> = true;
