import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { AppError } from "../errors.js";
import type { AttemptBackend } from "../lib/attempts.js";
import { lazySerializerFactory, lazyValidatorFactory } from "../lib/lazy-validators.js";
import { attemptsRateStore } from "./rate-limit-store.js";

/**
 * The Fastify instance of the app: request ids, long wildcard paths, Ajv as File Browser's
 * clients need it (extra fields dropped, strings coerced, defaults filled), schemas compiled at
 * their route's first request, and the optional base URL stripped before routing (API.md §0.2).
 */
export function createFastify(options: {
  logger: FastifyServerOptions["logger"];
  /** URL prefix without trailing slash ("" for none). */
  baseURL: string;
  /** Proxies whose X-Forwarded-For names the client (request.ip); empty: none trusted. */
  trustedProxies: readonly string[];
}): FastifyInstance {
  const { baseURL } = options;
  return Fastify({
    logger: options.logger,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: false },
    forceCloseConnections: "idle",
    // Only the listed proxies' X-Forwarded-* are read (a header anyone can send otherwise).
    ...(options.trustedProxies.length > 0 && { trustProxy: [...options.trustedProxies] }),
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      if (
        baseURL &&
        (url === baseURL || url.startsWith(baseURL + "/") || url.startsWith(baseURL + "?"))
      ) {
        return url.slice(baseURL.length) || "/";
      }
      return url;
    },
    ajv: { customOptions: { removeAdditional: "all", coerceTypes: true, useDefaults: true } },
    schemaController: {
      compilersFactory: {
        buildValidator: lazyValidatorFactory(),
        buildSerializer: lazySerializerFactory(),
      },
    },
  });
}

/**
 * The plugins routes declare options for: rate limits (per route, `config.rateLimit`; a 429
 * through the error table) and WebSockets (small messages in: a command line at most).
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  attempts: AttemptBackend,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: instances behind a balancer add up to one limit.
    store: attemptsRateStore(attempts),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        "RATE_LIMITED",
        `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      ),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}
