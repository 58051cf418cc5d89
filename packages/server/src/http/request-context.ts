import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Who is acting: a signed-in user (set by the auth feature once the token is checked). */
export interface RequestActor {
  id: number;
  username: string;
}

/**
 * What the code serving a request may learn about it without being handed it: its id, the
 * client's address and, once authenticated, who sends it. The activity log reads it.
 */
export interface RequestContext {
  requestId: string;
  address: string;
  actor?: RequestActor;
}

const contexts = new AsyncLocalStorage<RequestContext>();
/** Each request's async resource: body parsing runs outside the context, preValidation re-enters it. */
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/** The context of the request being served here; undefined outside any request (CLI, timers at start). */
export function requestContext(): RequestContext | undefined {
  return contexts.getStore();
}

/** Names the signed-in user of the current request (the auth feature calls it). */
export function setRequestActor(actor: RequestActor): void {
  const context = contexts.getStore();
  if (context) context.actor = actor;
}

/** Runs `fn` with `context` as the current request context (the CLI, tests, background work). */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return contexts.run(context, fn);
}

/**
 * One onRequest hook, before any route's own: every later hook, the handler and what they
 * await run with the request's context. Fastify reads bodies in stream callbacks, outside it,
 * so preValidation steps back in.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    contexts.run({ requestId: request.id, address: request.ip }, () => {
      resources.set(request, new AsyncResource("scriptorium-request"));
      done();
    });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
