import type { Static, TSchema } from "typebox";
import { routeTable, type Routes } from "@scriptorium/shared";
import { getGlobals } from "../lib/globals";
import { encodePath } from "../lib/paths";
import { errorFromAnswer, NO_CONNECTION_MESSAGE, StatusError } from "./errors";
import { beginWrite } from "./local-writes";

export type RouteName = keyof Routes;
type Schema<K extends RouteName> = Routes[K]["schema"];

/**
 * Parsed 200 (or, for a route that creates, 201) body of a route: its response schema, else the
 * text body (login, renew).
 */
export type RouteResponse<K extends RouteName> =
  Schema<K> extends { response: { 200: infer R extends TSchema } }
    ? Static<R>
    : Schema<K> extends { response: { 201: infer R extends TSchema } }
      ? Static<R>
      : string;

type BodyOption<K extends RouteName> =
  Schema<K> extends { body: infer B extends TSchema } ? { body: Static<B> } : { body?: never };
type ParamsOption<K extends RouteName> =
  Schema<K> extends { params: infer P extends TSchema }
    ? { params: Static<P> }
    : { params?: never };
/** Routes whose url ends in "*" take the rest of the path, e.g. "/a/b/" for /api/usage/a/b/. */
type PathOption<K extends RouteName> = Routes[K]["url"] extends `${string}*`
  ? { path: string }
  : { path?: never };

export type CallOptions<K extends RouteName> = BodyOption<K> &
  ParamsOption<K> &
  PathOption<K> & {
    /** X-Auth to send instead of the session's token (renew with the stored token at start-up). */
    token?: string;
    /** Query parameters, e.g. { checksum: "sha256" } or { override: "true" }. */
    query?: Record<string, string>;
    /** A raw request body (file content), sent as is instead of JSON. */
    rawBody?: string | Blob;
    /** Extra request headers, e.g. { "Upload-Length": "1024" } for a tus upload. */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type CallArgs<K extends RouteName> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** What the session layer provides to the client; set once by features/auth/session.ts. */
export interface AuthHandlers {
  getToken: () => string;
  /** Fetches and stores a fresh token (the server asked with X-Renew-Token: true). */
  renew: () => Promise<void>;
  /** A call made with the session's token got 401: the session is over. */
  unauthorized: () => void;
}

let handlers: AuthHandlers = {
  getToken: () => "",
  renew: () => Promise.resolve(),
  unauthorized: () => undefined,
};

export function setAuthHandlers(next: AuthHandlers): void {
  handlers = next;
}

/** The session's token, for requests made outside apiCall that send it as X-Auth. */
export function sessionToken(): string {
  return handlers.getToken();
}

/** How each route authenticates: none, token only (renew, logout) or full session handling. */
const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set(["login", "signup", "health"]);
const TOKEN_ONLY_ROUTES: ReadonlySet<RouteName> = new Set(["renew", "logout"]);

/** Absolute URL of an API path under the base URL, e.g. apiUrl("/api/raw/a.txt"). */
export function apiUrl(path: string): string {
  return `${getGlobals().BaseURL}${path}`;
}

type UrlParams = Record<string, string | number> | undefined;

function buildUrl(url: string, params: UrlParams, path: string | undefined): string {
  let result = url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? "")),
  );
  if (result.endsWith("/*")) {
    const rest = path ?? "/";
    result = result.slice(0, -2) + encodePath(rest.startsWith("/") ? rest : `/${rest}`);
  }
  return apiUrl(result);
}

let renewing: Promise<void> | null = null;

/** Concurrent responses asking for renewal share one renew call. */
function renewOnce(): Promise<void> {
  renewing ??= handlers.renew().finally(() => {
    renewing = null;
  });
  return renewing;
}

/**
 * For requests made outside apiCall (tus uploads, XHR uploads): the server asked for a token
 * renewal. Failures are logged, as in apiCall.
 */
export function requestTokenRenewal(): Promise<void> {
  return renewOnce().catch((err: unknown) => console.warn("token renewal failed", err));
}

/** For requests made outside apiCall: a 401 with the session's token ends the session. */
export function reportUnauthorized(): void {
  handlers.unauthorized();
}

/** The error of an answer that is not 2xx (its code, message and Retry-After). */
export async function toStatusError(res: Response): Promise<StatusError> {
  return errorFromAnswer({
    status: res.status,
    statusText: res.statusText,
    contentType: res.headers.get("content-type"),
    body: await res.text().catch(() => ""),
    retryAfter: res.headers.get("retry-after"),
  });
}

/**
 * fetch() for requests made outside apiCall too: a server out of reach rejects with a
 * StatusError of status 0; an abort stays an AbortError.
 */
export async function fetchOrFail(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new StatusError(NO_CONNECTION_MESSAGE, 0);
  }
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return "";
  const type = res.headers.get("content-type") ?? "";
  return type.includes("json") ? res.json() : res.text();
}

/**
 * Calls one route of the API contract (@scriptorium/shared `routes`) with typed params, body
 * and result. Adds the base URL and X-Auth, renews the token when the server asks, and ends the
 * session on a 401. Failures reject with a StatusError (status 0 when the server is unreachable).
 */
export async function apiCall<K extends RouteName>(
  name: K,
  ...[options]: CallArgs<K>
): Promise<RouteResponse<K>> {
  const [method, url] = routeTable[name];
  const opts = (options ?? {}) as CallOptions<K>;
  const isPublic = PUBLIC_ROUTES.has(name);
  const sessionCall = !isPublic && !TOKEN_ONLY_ROUTES.has(name);
  const headers: Record<string, string> = { ...opts.headers };
  if (!isPublic) headers["X-Auth"] = opts.token ?? handlers.getToken();
  let body: string | Blob | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  } else if (opts.rawBody !== undefined) {
    body = opts.rawBody;
  }
  const query = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : "";

  // A request that changes something (not a login or a token's renewal): this tab's own doing,
  // for the live changes it causes.
  const endWrite = method === "GET" || !sessionCall ? () => undefined : beginWrite();
  let res: Response;
  try {
    res = await fetchOrFail(buildUrl(url, opts.params as UrlParams, opts.path) + query, {
      method,
      headers,
      body,
      signal: opts.signal,
    });
  } finally {
    endWrite();
  }

  if (sessionCall && res.status === 401 && opts.token === undefined) {
    handlers.unauthorized();
  }
  if (!res.ok) throw await toStatusError(res);
  if (sessionCall && res.headers.get("X-Renew-Token") === "true") {
    await renewOnce().catch((err: unknown) => console.warn("token renewal failed", err));
  }
  return (await parseBody(res)) as RouteResponse<K>;
}
