import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../../errors.js";
import { provideAuthenticator } from "../../http/authenticator.js";
import { setRequestActor } from "../../http/request-context.js";
import type { AuthContext, AuthService } from "./auth.service.js";
import { looksLikeJwt } from "./tokens.js";

declare module "../../http/authenticator.js" {
  /** Routes are handed the user, the session and the token's claims. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- AuthContext's fields
  interface RouteIdentity extends AuthContext {}
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

/**
 * The auth plugin: every route whose contract asks for a login (`defineRoute`) is authenticated
 * by the session token here, and told to renew it when it nears its end (X-Renew-Token, API.md
 * §1.3). Administrators are the users with the admin permission.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  provideAuthenticator(app, {
    async authenticate(request, reply) {
      const token = findToken(request);
      if (!token) throw unauthorized();
      const identity = await auth.authenticate(token);
      setRequestActor({ id: identity.user.id, username: identity.user.username });
      if (auth.shouldRenew(identity)) void reply.header("X-Renew-Token", "true");
      return identity;
    },
    isAdmin: (identity) => identity.user.perm.admin,
  });
}
