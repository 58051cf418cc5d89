import type { WebSocket } from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteContract } from "@scriptorium/shared";
import { identify, type RouteIdentity } from "./authenticator.js";

/** What a WebSocket route is given: the upgrade request and who sends it. */
export type SocketContext = { request: FastifyRequest } & RouteIdentity;

export interface SocketRouteOptions {
  /** Refuses the upgrade (403…) once the sender is known, before any socket opens. */
  authorize?: (ctx: SocketContext) => Promise<void> | void;
}

const identities = new WeakMap<FastifyRequest, RouteIdentity>();

/**
 * Declares the WebSocket route of `contract` (a GET with a login). The sender is identified a
 * stage later than on other routes, in preHandler: @fastify/websocket leaves a socket refused
 * in onRequest open, and the server could then never close.
 */
export function defineSocketRoute(
  app: FastifyInstance,
  contract: RouteContract & { method: "GET"; auth: "user" | "admin" },
  open: (socket: WebSocket, ctx: SocketContext) => void,
  options: SocketRouteOptions = {},
): void {
  const contextOf = (request: FastifyRequest) =>
    ({ ...identities.get(request), request }) as SocketContext;
  app.get(
    contract.url,
    {
      websocket: true,
      schema: contract.schema,
      preHandler: async (request, reply) => {
        const identity = await identify(request, reply, contract.auth);
        if (identity) identities.set(request, identity);
        await options.authorize?.(contextOf(request));
      },
    },
    (socket, request) => open(socket, contextOf(request)),
  );
}
