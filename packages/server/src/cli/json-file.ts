import { readFileSync } from "node:fs";
import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { fillGoZeroValues } from "@scriptorium/shared";
import { UsageError } from "./args.js";

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The text of FILE parsed as JSON; a UsageError naming the file when it cannot be read or parsed. */
function readJson(file: string, notJson: string): unknown {
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

type SchemaError = ReturnType<typeof Value.Errors>[number];

/** A JSON pointer (`/2/perm/admin`) as a path a reader knows from code: `[2].perm.admin`. */
export function fieldPath(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join("");
}

/** The schema that `schemaPath` (`#/items/properties/perm`) points at, if any. */
function schemaAt(root: TSchema, schemaPath: string): Record<string, unknown> | undefined {
  let at: unknown = root;
  for (const part of schemaPath.split("/").slice(1)) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return typeof at === "object" && at !== null ? (at as Record<string, unknown>) : undefined;
}

const TYPE_NAMES: Record<string, string> = {
  boolean: "true or false",
  string: "text",
  integer: "a whole number",
  number: "a number",
  array: "a list",
  object: "an object",
};

/** What is wrong with the value an error points at, said for people rather than validators. */
function problem(error: SchemaError, schema: TSchema): string {
  const params = error.params as Record<string, unknown>;
  const described = schemaAt(schema, error.schemaPath)?.description;
  switch (error.keyword) {
    case "type":
      return `must be ${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case "required": {
      const names = (params.requiredProperties as string[]).map((n) => JSON.stringify(n));
      return `has no ${names.join(", ")}`;
    }
    case "minimum":
      return `must be ${String(params.limit)} or more`;
    case "pattern":
      return typeof described === "string" ? `must be ${described}` : error.message;
    default:
      return error.message;
  }
}

/** The reading of a file by `readJsonFile`. */
export interface JsonFileOptions {
  /**
   * The file was written by Go's encoding/json for a Go type (File Browser's exports): absent and
   * null fields take Go's zero values (`fillGoZeroValues`) before the file is checked.
   */
  goZeroValues?: boolean;
  /** Added to the message when the file is not JSON at all (e.g. what to export it with). */
  notJson?: string;
}

/**
 * FILE as JSON, checked against `schema` (what the commands read: configurations, user lists,
 * File Browser's exports); a UsageError names the file and the first field that does not fit,
 * e.g. `users.json: [2].perm.admin must be true or false`, or, when the file as a whole does
 * not fit, `users.json is not a list of users: it must be a list`.
 */
export function readJsonFile<T extends TSchema>(
  file: string,
  schema: T,
  what: string,
  options: JsonFileOptions = {},
): Static<T> {
  const raw = readJson(file, options.notJson ?? "");
  const value = options.goZeroValues ? fillGoZeroValues(schema, raw) : raw;
  if (Value.Check(schema, value)) return value;
  const first = Value.Errors(schema, value)[0];
  const why = first ? problem(first, schema) : "does not fit";
  const path = fieldPath(first?.instancePath ?? "");
  if (path === "") throw new UsageError(`${file} is not ${what}: it ${why}`);
  const hint = first?.keyword === "required" ? `: it is not ${what}` : "";
  throw new UsageError(`${file}: ${path} ${why}${hint}`);
}
