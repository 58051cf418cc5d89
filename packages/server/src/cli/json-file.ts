import { readFileSync } from "node:fs";
import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { UsageError } from "./args.js";

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The text of FILE parsed as JSON; a UsageError naming the file when it cannot be read or parsed. */
export function readJson(file: string, notJson = ""): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${reason(err)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`${file} is not JSON (${reason(err)})${notJson}`);
  }
}

/**
 * FILE as JSON, checked against `schema` (what the commands read: configurations, user
 * lists); a UsageError names the file and the first field that does not fit, e.g.
 * `users.json is not a list of users: /1/perm must be object`.
 */
export function readJsonFile<T extends TSchema>(file: string, schema: T, what: string): Static<T> {
  const value = readJson(file);
  if (!Value.Check(schema, value)) {
    const first = Value.Errors(schema, value)[0];
    throw new UsageError(
      `${file} is not ${what}: ${first?.instancePath ?? ""} ${first?.message ?? ""}`.trim(),
    );
  }
  return value;
}
