import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { requireAuth } from "../../plugins/auth.js";
import type { AuthService } from "./auth.service.js";

export interface LoginRateLimit {
  /** Requests per IP to login and signup within the window. */
  max: number;
  windowMs: number;
}

/** POST /api/login, /api/signup, /api/renew and /api/logout. */
export function authRoutes(auth: AuthService, perIp: LoginRateLimit) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    const rateLimit = { max: perIp.max, timeWindow: perIp.windowMs };

    app.route({
      ...routes.login,
      config: { ...authConfig(routes.login), rateLimit },
      handler: async (request, reply) => {
        const token = await auth.login(request.body ?? {}, request.headers, request.ip);
        return reply.type("text/plain; charset=utf-8").send(token);
      },
    });

    app.route({
      ...routes.signup,
      config: { ...authConfig(routes.signup), rateLimit },
      handler: async (request, reply) => {
        await auth.signup(request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.renew,
      config: authConfig(routes.renew),
      handler: async (request, reply) => {
        const token = await auth.renew(requireAuth(request));
        return reply.header("X-Renew-Token", "false").type("text/plain; charset=utf-8").send(token);
      },
    });

    app.route({
      ...routes.logout,
      config: authConfig(routes.logout),
      handler: async (request, reply) => {
        await auth.logout(requireAuth(request));
        return reply.status(204).send();
      },
    });
  };
}
