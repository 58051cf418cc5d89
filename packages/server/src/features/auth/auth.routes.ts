import type { FastifyInstance, FastifyRequest } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../../http/route.js";
import type { AttemptCounter } from "../../lib/attempts.js";
import type { AuthService } from "./auth.service.js";

export interface LoginRateLimit {
  /** Requests per IP to login and signup within the window. */
  max: number;
  windowMs: number;
}

/**
 * POST /api/login, /api/signup, /api/renew and /api/logout. Login and sign-up count every
 * request per address in `perAddress` (the database's counter, so that instances behind a
 * balancer count together) and answer 429 with Retry-After past its limit.
 */
export function authRoutes(auth: AuthService, perAddress: AttemptCounter) {
  return function register(app: FastifyInstance): void {
    const limited = {
      authorize: ({ request }: { request: FastifyRequest }) => perAddress.hit(request.ip),
    };

    defineRoute(
      app,
      routes.login,
      async ({ request, reply }) => {
        const token = await auth.login(request.body ?? {}, request.headers, request.ip);
        return reply.type("text/plain; charset=utf-8").send(token);
      },
      limited,
    );

    defineRoute(
      app,
      routes.signup,
      async ({ request, reply }) => {
        await auth.signup(request.body);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
      limited,
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
