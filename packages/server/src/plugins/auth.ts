import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
    /** A WebSocket route: authenticated in preHandler (see registerAuth). */
    websocket?: boolean;
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
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = findToken(request);
    if (!token) throw unauthorized();
    request.auth = await auth.authenticate(token);
    if (auth.shouldRenew(request.auth)) void reply.header("X-Renew-Token", "true");
  };
  app.addHook("onRequest", async (request, reply) => {
    const { config } = request.routeOptions;
    if (config.auth && !config.websocket) await authenticate(request, reply);
  });
  // WebSocket upgrades are authenticated a stage later: @fastify/websocket leaves a socket
  // refused in onRequest open, and the server could then never close.
  app.addHook("preHandler", async (request, reply) => {
    const { config } = request.routeOptions;
    if (config.auth && config.websocket) await authenticate(request, reply);
  });
}
