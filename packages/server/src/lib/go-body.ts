import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { fillGoZeroValues } from "@scriptorium/shared";
import { badRequest } from "../errors.js";

/**
 * A body as File Browser's server reads it (absent and null fields take Go's zero values, see
 * `goBodySchema`), complete and checked against `schema`: 400 naming the first field that does
 * not fit. The one place where services turn such bodies into their complete type.
 */
export function goBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  const filled = fillGoZeroValues(schema, body);
  if (!Value.Check(schema, filled)) {
    const first = Value.Errors(schema, filled)[0];
    const where = first?.instancePath ? `${first.instancePath.slice(1).replaceAll("/", ".")} ` : "";
    throw badRequest(`The body does not fit: ${where}${first?.message ?? "is not valid"}`);
  }
  return filled;
}
