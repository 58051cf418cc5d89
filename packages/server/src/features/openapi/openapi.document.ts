import type { RouteContract } from "@scriptorium/shared";
import {
  componentSchemas,
  openApiPath,
  parametersOf,
  requestBodyOf,
  responsesOf,
  type Json,
} from "./openapi.parts.js";

type JsonObject = { [key: string]: Json };

/** Groups of the reference, in this order. */
const TAGS: { name: string; description: string }[] = [
  { name: "auth", description: "Sessions: log in, sign up, renew and end a session token." },
  {
    name: "users",
    description: "User accounts, and the preview of what rules hide (administrators).",
  },
  {
    name: "sessions",
    description:
      "One's logins (device, address, last use) and ending them; a user's, for administrators.",
  },
  {
    name: "settings",
    description: "Global settings, and the server settings the command line sets (administrators).",
  },
  { name: "resources", description: "Files and folders: listing, create, save, copy, move." },
  { name: "downloads", description: "File bytes, archives, previews and subtitles." },
  { name: "uploads", description: "Resumable uploads (a subset of the tus protocol)." },
  {
    name: "shares",
    description:
      "Share links: the owner's calls, and the public calls of visitors (share page, downloads, drop boxes).",
  },
  { name: "search", description: "Search by name and type, and words inside text files." },
  {
    name: "trash",
    description: "Deleted files and folders: list, restore, delete for ever, empty.",
  },
  {
    name: "app-passwords",
    description: "Passwords of their own for WebDAV clients: list, create (shown once), revoke.",
  },
  { name: "tools", description: "The edition tools' help (the tools run as resource actions)." },
  { name: "shell", description: "The in-browser shell." },
  { name: "server", description: "Health, the web app's files and this document." },
];

const DESCRIPTION = [
  "The HTTP API of Scriptorium, compatible with File Browser 2.x clients. Generated from the route contracts of `@scriptorium/shared`, which also drive the server's validation and the web client's types.",
  "Errors answer with a JSON body `{ status, code, message }` (`ErrorBody`). Every GET route also answers HEAD with the headers only. `{path}` is the rest of the URL: a path inside the user's scope.",
  "The operation field `x-auth` names who may call it: `none` (anyone), `user` (a session token) or `admin` (a token of an administrator).",
  "The files are also served over WebDAV (RFC 4918, class 1 and 2) at `/dav/`, with Basic credentials (an app password: see the app-passwords operations). WebDAV's methods (PROPFIND, LOCK…) are not described here.",
].join("\n\n");

const SECURITY_SCHEMES = {
  XAuth: {
    type: "apiKey",
    in: "header",
    name: "X-Auth",
    description: "The session token from POST /api/login.",
  },
  AuthQuery: {
    type: "apiKey",
    in: "query",
    name: "auth",
    description: "The session token in the query, for links (downloads, previews).",
  },
  AuthCookie: {
    type: "apiKey",
    in: "cookie",
    name: "auth",
    description: "The session token in the `auth` cookie, read on GET and HEAD only.",
  },
};

function securityOf(contract: RouteContract): JsonObject[] {
  if (contract.auth === "none") return [];
  const ways: JsonObject[] = [{ XAuth: [] }, { AuthQuery: [] }];
  if (contract.method === "GET") ways.push({ AuthCookie: [] });
  return ways;
}

function operationOf(name: string, contract: RouteContract): JsonObject {
  const operation: JsonObject = {
    operationId: name,
    tags: [contract.tag],
    summary: contract.summary,
  };
  if (contract.description) operation.description = contract.description;
  const parameters = parametersOf(contract);
  if (parameters.length > 0) operation.parameters = parameters;
  const body = requestBodyOf(contract);
  if (body) operation.requestBody = body;
  operation.responses = responsesOf(contract);
  operation.security = securityOf(contract);
  operation["x-auth"] = contract.auth;
  return operation;
}

export interface DocumentOptions {
  version: string;
  /** The URL prefix the app lives under ("" for none). */
  baseURL: string;
}

/** The OpenAPI 3.1 document of a table of route contracts. */
export function buildOpenApiDocument(
  contracts: Record<string, RouteContract>,
  options: DocumentOptions,
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [name, contract] of Object.entries(contracts)) {
    const item = (paths[openApiPath(contract.url)] ??= {});
    item[contract.method.toLowerCase()] = operationOf(name, contract);
  }
  const used = new Set(Object.values(contracts).map((contract) => contract.tag));
  return {
    openapi: "3.1.0",
    info: { title: "Scriptorium API", version: options.version, description: DESCRIPTION },
    servers: [{ url: options.baseURL || "/" }],
    tags: TAGS.filter((tag) => used.has(tag.name)),
    paths,
    components: { schemas: componentSchemas(), securitySchemes: SECURITY_SCHEMES },
  };
}
