import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuthMode } from "@scriptorium/shared";
import { forbidden } from "../errors.js";

/**
 * Who sends a request, as the auth feature knows it: the feature adds its fields to this
 * interface (declaration merging), so the http layer names the type without importing it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by features/auth
export interface RouteIdentity {}

/** What the auth feature provides to every route (inverted: the http layer imports no feature). */
export interface Authenticator {
  /** The identity of the request's token; throws 401 without a valid one. May set headers. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<RouteIdentity>;
  /** Whether the identity may call the routes whose contract says `admin`. */
  isAdmin(identity: RouteIdentity): boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set once by the auth feature's plugin; every route with a login asks it. */
    authenticator: Authenticator | undefined;
  }
}

/** Makes `authenticator` the one that every route of `app` (and its children) asks. */
export function provideAuthenticator(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorate("authenticator", authenticator);
}

/**
 * Enforces a contract's auth mode on a request: the identity for `user` and `admin` (401
 * without a valid token; 403 for `admin` when the identity is not an administrator), nothing
 * for `none`. Runs before the body is read or validated.
 */
export async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  mode: AuthMode,
): Promise<RouteIdentity | undefined> {
  if (mode === "none") return undefined;
  const authenticator = request.server.authenticator;
  if (!authenticator) throw new Error("No authenticator: the auth plugin is not registered");
  const identity = await authenticator.authenticate(request, reply);
  if (mode === "admin" && !authenticator.isAdmin(identity)) {
    throw forbidden("Only administrators may do this");
  }
  return identity;
}
