import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { badRequest } from "../../errors.js";
import { defineRoute } from "../../http/route.js";
import { streamBodies } from "../../http/bodies.js";
import { wildcardPath, type PatchQuery } from "../../lib/route-params.js";
import { clientGone } from "../../lib/client-gone.js";
import type { UserRecord } from "../users/users.store.js";
import type { Hooks } from "../hooks/hooks.service.js";
import { eventHooks, fileHooks, hookDestination } from "../hooks/route-hooks.js";
import { listingBody } from "./listing-cache.js";
import { authorizeWrite, type ResourcesService } from "./resources.service.js";

/**
 * A PATCH action (`?action=`) and the feature that does its work: `authorize` refuses
 * (permissions, a switched-off tool) before the action's hooks run, then `run` does the work.
 * Its answer, when it has one, is sent as JSON (the edition tools' results); else the body is
 * `200 OK`. The signal aborts when the client goes away before the answer (a running tool is
 * then killed).
 */
export interface PatchAction {
  authorize: (user: UserRecord, query: PatchQuery) => Promise<void> | void;
  run: (user: UserRecord, path: string, query: PatchQuery, signal: AbortSignal) => Promise<unknown>;
}

/** The action for `name`: its own entry, else a prefix entry (`mauro:*` runs every tool). */
function actionFor(actions: Record<string, PatchAction>, name: string): PatchAction {
  if (Object.hasOwn(actions, name)) return actions[name] as PatchAction;
  const colon = name.indexOf(":");
  const prefix = colon > 0 ? `${name.slice(0, colon + 1)}*` : "";
  if (prefix && Object.hasOwn(actions, prefix)) return actions[prefix] as PatchAction;
  throw badRequest(`Unsupported action "${name}"`);
}

/**
 * Every method of /api/resources{path}: GET, POST, PUT and DELETE here (upload bodies stream
 * straight to disk); PATCH dispatches `?action=` to the feature that does the work (copy and
 * rename: organise; unzip: extract; `mauro:<tool>`: the edition tools). Each write is
 * authorised before its event hooks (API.md §10.3) run.
 */
export function resourcesRoutes(
  resources: ResourcesService,
  actions: Record<string, PatchAction>,
  hooks: Hooks,
) {
  return function register(app: FastifyInstance): void {
    // In this scope bodies are raw bytes: hand the stream over, never buffer, no size limit.
    streamBodies(app, "*");

    defineRoute(app, routes.getResource, async ({ request, reply, user }) => {
      const { checksum } = request.query;
      const resource = await resources.get(user, wildcardPath(request.params), checksum);
      if (!resource.items) return resource;
      // A listing's body is mostly its items' JSON, kept with the cached folder: sent as
      // ready JSON bytes (the schema's serializer is for objects).
      const body = listingBody({ ...resource, items: resource.items });
      return reply.type("application/json; charset=utf-8").send(body as never);
    });

    defineRoute(
      app,
      routes.createResource,
      async ({ request, reply, user }) => {
        const override = request.query.override === "true";
        const body = request.body as Readable | undefined;
        const etag = await resources.create(user, wildcardPath(request.params), override, body);
        if (etag) void reply.header("ETag", etag);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
      {
        authorize: ({ user }) => authorizeWrite(user, "create"),
        // A file's upload runs the upload hooks; a new folder runs none.
        hooks: eventHooks(hooks, ({ user, request }) => {
          const file = wildcardPath(request.params);
          return file.endsWith("/") ? undefined : { event: "upload", user, file };
        }),
      },
    );

    defineRoute(
      app,
      routes.saveResource,
      async ({ request, reply, user }) => {
        const start = performance.now();
        const body = request.body as Readable | undefined;
        const etag = await resources.save(user, wildcardPath(request.params), body);
        // The server's share of a save (body received and written), for the browser's timing.
        const dur = (performance.now() - start).toFixed(1);
        void reply.header("Server-Timing", `save;dur=${dur}`);
        return reply.header("ETag", etag).type("text/plain; charset=utf-8").send("200 OK");
      },
      { authorize: ({ user }) => authorizeWrite(user, "save"), hooks: fileHooks(hooks, "save") },
    );

    defineRoute(
      app,
      routes.patchResource,
      async ({ request, reply, user }) => {
        const action = actionFor(actions, request.query.action);
        const gone = clientGone(reply);
        try {
          const file = wildcardPath(request.params);
          const answer = await action.run(user, file, request.query, gone.signal);
          if (answer !== undefined)
            return reply.type("application/json; charset=utf-8").send(answer);
          return reply.type("text/plain; charset=utf-8").send("200 OK");
        } finally {
          gone.done();
        }
      },
      {
        authorize: ({ user, request }) =>
          actionFor(actions, request.query.action).authorize(user, request.query),
        hooks: eventHooks(hooks, ({ user, request }) => ({
          event: request.query.action,
          user,
          file: wildcardPath(request.params),
          destination: hookDestination(request.query.destination),
        })),
      },
    );

    defineRoute(
      app,
      routes.deleteResource,
      async ({ request, reply, user }) => {
        await resources.remove(user, wildcardPath(request.params));
        return reply.status(204).send();
      },
      {
        authorize: ({ user }) => authorizeWrite(user, "remove"),
        hooks: fileHooks(hooks, "delete"),
      },
    );
  };
}
