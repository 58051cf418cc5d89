import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { RouteContract } from "@scriptorium/shared";
import { identify, type RouteIdentity } from "./authenticator.js";

/** Fastify's handler of a contract, typed by its schemas (as `app.route({...contract})` infers). */
type ContractHandler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  C["schema"],
  TypeBoxTypeProvider
>;

export type RouteRequest<C extends RouteContract> = Parameters<ContractHandler<C>>[0];
export type RouteReply<C extends RouteContract> = Parameters<ContractHandler<C>>[1];
/** What a handler answers: a value of the contract's response schema, or the reply it sent. */
export type RouteAnswer<C extends RouteContract> = ReturnType<ContractHandler<C>>;

/**
 * What a route's handler is given: the request, its reply and, when the contract asks for a
 * login, who sends it (`user`, `session`, `claims`).
 */
export type RouteContext<C extends RouteContract> = {
  request: RouteRequest<C>;
  reply: RouteReply<C>;
} & (C["auth"] extends "none" ? unknown : RouteIdentity);

/**
 * Work declared around a handler (the event hooks): runs once the request is authorised; the
 * function it answers runs when the handler has succeeded.
 */
export type RouteHooks<C extends RouteContract> = (
  ctx: RouteContext<C>,
) => Promise<(() => void) | undefined>;

export interface RouteOptions<C extends RouteContract> {
  /** Route config beside what the contract gives (a rate limit). */
  config?: Omit<FastifyContextConfig, "url" | "method">;
  /** Refuses (permissions, a switched-off feature) before the hooks and the handler run. */
  authorize?: (ctx: RouteContext<C>) => Promise<void> | void;
  /** The hooks wrapped around the handler, after `authorize`. */
  hooks?: RouteHooks<C>;
}

/** Identities of requests in flight, from the auth step to the handler. */
const identities = new WeakMap<FastifyRequest, RouteIdentity>();

/**
 * Declares the route of `contract`: its method, URL and schemas (validation, serialisation),
 * its auth mode enforced before the body is parsed or validated (a non-admin gets 403 on an
 * admin route whatever the body), then `authorize`, the declared hooks and the handler, which
 * is handed who sends the request.
 */
export function defineRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (ctx: RouteContext<C>) => RouteAnswer<C>,
  options: RouteOptions<C> = {},
): void {
  const { authorize, hooks } = options;
  const contextOf = (request: FastifyRequest, reply: unknown) =>
    ({ ...identities.get(request), request, reply }) as RouteContext<C>;
  app.route({
    method: contract.method,
    url: contract.url,
    schema: contract.schema,
    config: { ...options.config },
    ...(contract.auth !== "none" && {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const identity = await identify(request, reply, contract.auth);
        if (identity) identities.set(request, identity);
      },
    }),
    handler: async (request, reply) => {
      const ctx = contextOf(request, reply);
      if (authorize) await authorize(ctx);
      const after = hooks ? await hooks(ctx) : undefined;
      const answer: unknown = await Promise.resolve(handler(ctx));
      after?.();
      return answer;
    },
  });
}
