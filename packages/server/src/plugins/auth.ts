import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../errors.js";
import type { AuthContext, AuthService } from "../features/auth/auth.service.js";
import { looksLikeJwt } from "../features/auth/tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    /** The route needs a valid session token. */
    auth?: boolean;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * The token of a request, looked up in the order of API.md §1.1: X-Auth header, `?auth=` query,
 * then the `auth` cookie for GET only. The first value shaped like a JWT wins.
 */
export function findToken(request: FastifyRequest): string | undefined {
  const header = request.headers["x-auth"];
  if (typeof header === "string" && looksLikeJwt(header)) return header;
  const query = (request.query as Record<string, unknown> | undefined)?.auth;
  if (typeof query === "string" && looksLikeJwt(query)) return query;
  if (request.method === "GET" || request.method === "HEAD") {
    const cookie = readCookie(request.headers.cookie, "auth");
    if (looksLikeJwt(cookie)) return cookie;
  }
  return undefined;
}

/** The authenticated user of a route with `config: { auth: true }`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Authenticates routes marked `config.auth` and sets X-Renew-Token (API.md §1.3). */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest("auth", undefined);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.auth) return;
    const token = findToken(request);
    if (!token) throw unauthorized();
    request.auth = await auth.authenticate(token);
    if (auth.shouldRenew(request.auth)) void reply.header("X-Renew-Token", "true");
  });
}
