/** The part of an OpenAPI 3.1 document that the reference page reads. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaObject>;
  patternProperties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  anyOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  contentMediaType?: string;
}

export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description?: string }>;
  content?: Record<string, MediaTypeObject>;
}

export type AuthMode = "none" | "user" | "admin";

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
  "x-auth"?: AuthMode;
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export interface OperationEntry {
  /** Upper case: GET, POST… */
  method: string;
  path: string;
  operation: OperationObject;
}

export interface TagGroup {
  name: string;
  description?: string;
  operations: OperationEntry[];
}

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];

/** True when a parsed JSON value looks like an OpenAPI 3.x document. */
export function isApiDocument(value: unknown): value is ApiDocument {
  if (typeof value !== "object" || value === null) return false;
  const doc = value as Partial<ApiDocument>;
  return (
    typeof doc.openapi === "string" &&
    doc.openapi.startsWith("3.") &&
    typeof doc.paths === "object" &&
    doc.paths !== null
  );
}

/** Operations grouped by their first tag, in the document's tag order (untagged last). */
export function groupByTag(doc: ApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, { ...tag, operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const name = operation.tags?.[0] ?? "other";
      let group = groups.get(name);
      if (!group) {
        group = { name, operations: [] };
        groups.set(name, group);
      }
      group.operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** The name of a `#/components/schemas/Name` reference. */
export function refName(ref: string): string {
  return ref.replace(/^#\/components\/schemas\//, "");
}

/** A schema with its reference followed (one level); `name` is the component's name. */
export function resolveSchema(
  doc: ApiDocument,
  schema: SchemaObject,
): { name?: string; schema: SchemaObject } {
  if (!schema.$ref) return { schema };
  const name = refName(schema.$ref);
  return { name, schema: doc.components?.schemas?.[name] ?? {} };
}

/** A short type label: "string", "integer ≥ 1", "Item[]", "\"a\" | \"b\"", "map of string". */
export function typeLabel(doc: ApiDocument, schema: SchemaObject): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map((part) => typeLabel(doc, part)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array" && schema.items) return `${typeLabel(doc, schema.items)}[]`;
  if (type === "object" && schema.patternProperties && !schema.properties) {
    const values = Object.values(schema.patternProperties)[0];
    return values ? `map of ${typeLabel(doc, values)}` : "object";
  }
  const bounds = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : "",
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : "",
  ].filter(Boolean);
  const base = type ?? (schema.contentMediaType ? "bytes" : "any");
  return [base === "string" && schema.contentMediaType ? "bytes" : base, ...bounds].join(" ");
}

/** The properties to list under a schema (an object's, or an array's items'), resolved. */
export function childProperties(
  doc: ApiDocument,
  schema: SchemaObject,
): { name: string; schema: SchemaObject; required: boolean }[] {
  let target = resolveSchema(doc, schema).schema;
  if (target.items) target = resolveSchema(doc, target.items).schema;
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties ?? {}).map(([name, child]) => ({
    name,
    schema: child,
    required: required.has(name),
  }));
}

/** The anchor id of an operation. */
export function operationId(entry: OperationEntry): string {
  return entry.operation.operationId ?? `${entry.method}-${entry.path}`.replace(/\W+/g, "-");
}
