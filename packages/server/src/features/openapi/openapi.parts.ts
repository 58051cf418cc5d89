import type { TSchema } from "typebox";
import {
  ErrorBodySchema,
  LoginBodySchema,
  ResourceSchema,
  SettingsBodySchema,
  SettingsSchema,
  SignupBodySchema,
  UsageSchema,
  UserSchema,
  UserUpdateSchema,
  type ResponseContract,
  type RouteContract,
} from "@scriptorium/shared";

/** A JSON value of the document (schemas are copied into plain JSON). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Shared schemas that get a name under components/schemas and are referenced by it. */
const NAMED_SCHEMAS = new Map<TSchema, string>([
  [ErrorBodySchema, "ErrorBody"],
  [LoginBodySchema, "LoginBody"],
  [SignupBodySchema, "SignupBody"],
  [UserSchema, "User"],
  [UserUpdateSchema, "UserUpdate"],
  [UsageSchema, "Usage"],
  [ResourceSchema, "Resource"],
  [SettingsSchema, "Settings"],
  [SettingsBodySchema, "SettingsBody"],
]);

/** TypeBox schemas are JSON Schema: a JSON copy drops TypeBox's hidden markers. */
function plain(schema: TSchema): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

/** The named schemas, as components/schemas. */
export function componentSchemas(): JsonObject {
  return Object.fromEntries([...NAMED_SCHEMAS].map(([schema, name]) => [name, plain(schema)]));
}

/** A schema by reference when it has a name, else inline. */
export function schemaOf(schema: TSchema): JsonObject {
  const name = NAMED_SCHEMAS.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : plain(schema);
}

const WILDCARD_DESCRIPTION =
  "The rest of the path (a file or folder inside your scope), each segment percent-encoded, slashes kept; a trailing / marks a folder.";

/** `/api/users/:id` → `/api/users/{id}`; a trailing `*` becomes `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, "{$1}").replace(/\*$/, "{path}");
}

function propertiesOf(schema: TSchema | undefined): [string, JsonObject, boolean][] {
  if (!schema) return [];
  const json = plain(schema);
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).map(([name, value]) => [name, value, required.has(name)]);
}

function parameter(name: string, location: string, schema: JsonObject, required: boolean) {
  const { description, ...rest } = schema;
  return {
    name,
    in: location,
    required,
    ...(typeof description === "string" ? { description } : {}),
    schema: rest,
  } satisfies JsonObject;
}

/** Path, query and header parameters of a route. */
export function parametersOf(contract: RouteContract): JsonObject[] {
  const declared = new Map(propertiesOf(contract.schema.params).map(([n, s]) => [n, s]));
  const pathParams = [...contract.url.matchAll(/:([A-Za-z_]\w*)|\*$/g)].map((match) => {
    const name = match[1] ?? "path";
    const schema = declared.get(match[1] ?? "*") ?? { type: "string" };
    const withText = match[1] ? schema : { description: WILDCARD_DESCRIPTION, ...schema };
    return parameter(name, "path", withText, true);
  });
  const query = propertiesOf(contract.schema.querystring).map(([name, schema, required]) =>
    parameter(name, "query", schema, required),
  );
  const headers = propertiesOf(contract.headers).map(([name, schema, required]) =>
    parameter(name, "header", schema, required),
  );
  return [...pathParams, ...query, ...headers];
}

/** The request body: JSON by schema, or streamed bytes of `bodyType`. */
export function requestBodyOf(contract: RouteContract): JsonObject | undefined {
  if (contract.schema.body) {
    const json = plain(contract.schema.body);
    const required = Array.isArray(json.required) && json.required.length > 0;
    return {
      required,
      content: { "application/json": { schema: schemaOf(contract.schema.body) } },
    };
  }
  if (contract.bodyType) {
    const schema = { type: "string", contentMediaType: contract.bodyType };
    return { required: false, content: { [contract.bodyType]: { schema } } };
  }
  return undefined;
}

function bodyContent(response: ResponseContract): JsonObject | undefined {
  if (response.schema) {
    return { [response.contentType ?? "application/json"]: { schema: schemaOf(response.schema) } };
  }
  if (!response.contentType) return undefined;
  const schema: JsonObject =
    response.contentType === "text/plain"
      ? { type: "string" }
      : response.contentType === "application/json"
        ? {}
        : { type: "string", contentMediaType: response.contentType };
  return { [response.contentType]: { schema } };
}

/** The responses object: one entry per documented status. */
export function responsesOf(contract: RouteContract): JsonObject {
  const entries = Object.entries(contract.responses).map(([status, response]) => {
    const content = bodyContent(response);
    const headers = Object.entries(response.headers ?? {}).map(([name, description]) => [
      name,
      { description, schema: { type: "string" } },
    ]);
    const value: JsonObject = { description: response.description };
    if (headers.length > 0) value.headers = Object.fromEntries(headers) as JsonObject;
    if (content) value.content = content;
    return [status, value];
  });
  return Object.fromEntries(entries) as JsonObject;
}
