import { Type, type Static, type TSchema, type TUnsafe } from "typebox";

/*
 * File Browser's server decodes request bodies into Go structs: a field that is absent (or null)
 * keeps Go's zero value — false, 0, "", an empty list or map, a struct of zero values — so the
 * scripts and clients written for it send only the fields that matter. One strict schema says
 * what a body holds once complete; from it come the schema that accepts such bodies (for the
 * route contracts and OpenAPI) and the filling of the zero values (before a service uses it).
 * A value of the wrong type or outside an enum is still refused.
 */

/** A value as Go decodes it into the type T: fields may be absent; lists, maps and objects null. */
export type GoJson<T> = T extends readonly (infer Item)[]
  ? GoJson<Item>[] | null
  : T extends object
    ? { [K in keyof T]?: GoJson<T[K]> } | null
    : T;

/** A body decoded into the Go struct T: any field may be absent. */
export type GoBody<T> = { [K in keyof T]?: GoJson<T[K]> };

type JsonSchema = Record<string, unknown>;

const json = (schema: unknown): JsonSchema => schema as JsonSchema;
const propertiesOf = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, unknown>;
const requiredOf = (schema: JsonSchema) => new Set((schema.required ?? []) as string[]);

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === "object";
}

/**
 * Go's zero value for a schema: its `default` when it has one (where File Browser turns the empty
 * value into another: an empty view mode is a list, an empty sort field the name), else false,
 * 0, "", [] or {} (required fields filled in). An enum without "" needs its `default`.
 */
export function goZeroValue(schema: TSchema): unknown {
  const s = json(schema);
  if ("default" in s) return structuredClone(s.default);
  if (Array.isArray(s.enum)) {
    if (s.enum.includes("")) return "";
    throw new Error(`the enum ${JSON.stringify(s.enum)} needs a default to stand for Go's ""`);
  }
  switch (s.type) {
    case "boolean":
      return false;
    case "string":
      return "";
    case "integer":
    case "number":
      return 0;
    case "array":
      return [];
    case "object": {
      const required = requiredOf(s);
      return Object.fromEntries(
        Object.entries(propertiesOf(s))
          .filter(([key]) => required.has(key))
          .map(([key, child]) => [key, goZeroValue(child as TSchema)]),
      );
    }
    default:
      throw new Error(`no Go zero value for ${JSON.stringify(s)}`);
  }
}

/** A nested object, list or map: Go writes and reads null for it. */
function nullable(schema: JsonSchema): JsonSchema {
  return { ...schema, type: [schema.type, "null"] };
}

const withoutDefault = ({ default: _zero, ...rest }: JsonSchema) => rest;
const withoutRequired = ({ required: _required, ...rest }: JsonSchema) => rest;

function lenient(schema: JsonSchema, top: boolean, keep: readonly string[] = []): JsonSchema {
  if (schema.type === "array") {
    return nullable({ ...schema, items: lenient(json(schema.items), false) });
  }
  if (!isObjectSchema(schema)) return schema;
  const patterns = schema.patternProperties as Record<string, unknown> | undefined;
  if (patterns) {
    const values = Object.entries(patterns).map(([k, v]) => [k, lenient(json(v), false)]);
    return nullable({ ...schema, patternProperties: Object.fromEntries(values) });
  }
  const required = requiredOf(schema);
  const properties = Object.fromEntries(
    Object.entries(propertiesOf(schema)).map(([key, child]) => {
      if (keep.includes(key)) return [key, child];
      // An optional field stays absent when absent: its zero value is no default there.
      const loose = withoutDefault(lenient(json(child), false));
      return [
        key,
        required.has(key) ? { ...loose, default: goZeroValue(child as TSchema) } : loose,
      ];
    }),
  );
  const rest = withoutRequired(schema);
  const stillRequired = [...required].filter((key) => keep.includes(key));
  const out = {
    ...rest,
    properties,
    ...(stillRequired.length > 0 && { required: stillRequired }),
  };
  return top ? out : nullable(out);
}

/**
 * The schema of a request body that File Browser's server would decode into `strict`: every
 * field optional with its zero value as `default`, nested objects, lists and maps also null.
 * `keep` names top-level fields that are ours (not File Browser's), left as they are.
 */
export function goBodySchema<T extends TSchema>(
  strict: T,
  keep: readonly string[] = [],
): TUnsafe<GoBody<Static<T>>> {
  return Type.Unsafe<GoBody<Static<T>>>(lenient(json(strict), true, keep));
}

/**
 * Fills Go's zero values into a body decoded as `goBodySchema(schema)` accepts it: an absent or
 * null field becomes its zero value at every depth (optional fields stay absent when absent).
 * What does not fit the schema is left as it is, for the caller's check to refuse.
 */
export function fillGoZeroValues(schema: TSchema, value: unknown): unknown {
  const s = json(schema);
  if (value === undefined || value === null) return goZeroValue(schema);
  if (s.type === "array" && Array.isArray(value)) {
    return value.map((item) => fillGoZeroValues(s.items as TSchema, item));
  }
  if (!isObjectSchema(s) || typeof value !== "object" || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  const patterns = s.patternProperties as Record<string, TSchema> | undefined;
  const valueSchema = patterns && Object.values(patterns)[0];
  if (valueSchema) {
    return Object.fromEntries(
      Object.entries(input).map(([k, v]) => [k, fillGoZeroValues(valueSchema, v)]),
    );
  }
  const out: Record<string, unknown> = { ...input };
  const required = requiredOf(s);
  for (const [key, child] of Object.entries(propertiesOf(s))) {
    if (!required.has(key) && input[key] === undefined) continue;
    out[key] = fillGoZeroValues(child as TSchema, input[key]);
  }
  return out;
}
