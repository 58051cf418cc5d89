import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { AuthService } from "./auth.service.js";

export interface LoginRateLimit {
  /** Requests per IP to login and signup within the window. */
  max: number;
  windowMs: number;
}

/** POST /api/login, /api/signup, /api/renew and /api/logout. */
export function authRoutes(auth: AuthService, perIp: LoginRateLimit) {
  return function register(app: FastifyInstance): void {
    const config = { rateLimit: { max: perIp.max, timeWindow: perIp.windowMs } };

    defineRoute(
      app,
      routes.login,
      async ({ request, reply }) => {
        const token = await auth.login(request.body ?? {}, request.headers, request.ip);
        return reply.type("text/plain; charset=utf-8").send(token);
      },
      { config },
    );

    defineRoute(
      app,
      routes.signup,
      async ({ request, reply }) => {
        await auth.signup(request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
      { config },
    );

    defineRoute(app, routes.renew, async (ctx) => {
      const token = await auth.renew(ctx);
      return ctx.reply
        .header("X-Renew-Token", "false")
        .type("text/plain; charset=utf-8")
        .send(token);
    });

    defineRoute(app, routes.logout, async (ctx) => {
      await auth.logout(ctx);
      return ctx.reply.status(204).send();
    });
  };
}
