import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";
import { routes } from "@scriptorium/shared";
import { typed } from "../../lib/app-type.js";
import { authConfig } from "../../lib/route-auth.js";
import { badRequest } from "../../errors.js";
import { decodeDestination, wildcardPath, type PatchQuery } from "../../lib/route-params.js";
import { clientGone } from "../../lib/client-gone.js";
import { requireAuth } from "../../plugins/auth.js";
import type { UserRecord } from "../users/users.store.js";
import { listingBody } from "./listing-cache.js";
import type { ResourcesService } from "./resources.service.js";
import type { Hooks } from "../hooks/hooks.service.js";

/**
 * A PATCH action (`?action=`) and the feature that does its work. Its answer, when it has one,
 * is sent as JSON (the edition tools' results); else the body is `200 OK`. The signal aborts
 * when the client goes away before the answer (a running tool is then killed).
 */
export type PatchAction =
  | RunAction
  | {
      /** Refuses (permissions, a switched-off tool) before the hooks run. */
      authorize: (user: UserRecord, query: PatchQuery) => Promise<void>;
      run: RunAction;
    };

type RunAction = (
  user: UserRecord,
  path: string,
  query: PatchQuery,
  signal: AbortSignal,
) => Promise<unknown>;

/**
 * The destination the hooks are told, decoded; none when absent or badly encoded (the action
 * itself then answers 400 for it, or ignores it, as pdflatex does).
 */
function hookDestination(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return decodeDestination(raw);
  } catch {
    return undefined;
  }
}

/** The action for `name`: its own entry, else a prefix entry (`mauro:*` runs every tool). */
function actionFor(actions: Record<string, PatchAction>, name: string): PatchAction | undefined {
  if (Object.hasOwn(actions, name)) return actions[name];
  const colon = name.indexOf(":");
  const prefix = colon > 0 ? `${name.slice(0, colon + 1)}*` : "";
  return prefix && Object.hasOwn(actions, prefix) ? actions[prefix] : undefined;
}

/**
 * Every method of /api/resources{path}: GET, POST, PUT and DELETE here (upload bodies stream
 * straight to disk); PATCH dispatches `?action=` to the feature that does the work (copy and
 * rename: organise; unzip: extract; later the edition tools).
 */
export function resourcesRoutes(
  resources: ResourcesService,
  actions: Record<string, PatchAction>,
  hooks: Hooks,
) {
  return function register(instance: FastifyInstance): void {
    const app = typed(instance);
    // In this scope bodies are raw bytes: hand the stream over, never buffer, no size limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    app.route({
      ...routes.getResource,
      config: authConfig(routes.getResource),
      handler: async (request, reply) => {
        const resource = await resources.get(
          requireAuth(request).user,
          wildcardPath(request.params),
          request.query.checksum,
        );
        if (!resource.items) return resource;
        // A listing's body is mostly its items' JSON, kept with the cached folder: sent as
        // ready JSON bytes (the schema's serializer is for objects).
        const body = listingBody({ ...resource, items: resource.items });
        return reply.type("application/json; charset=utf-8").send(body as never);
      },
    });

    app.route({
      ...routes.createResource,
      config: authConfig(routes.createResource),
      handler: async (request, reply) => {
        const override = request.query.override === "true";
        const body = request.body as Readable | undefined;
        const user = requireAuth(request).user;
        const file = wildcardPath(request.params);
        // A file's upload runs the upload hooks (API.md §10.3); a new folder runs none.
        const upload = !file.endsWith("/") ? { event: "upload", user, file } : undefined;
        const after = upload ? await hooks.before(upload) : undefined;
        const etag = await resources.create(user, file, override, body);
        after?.();
        if (etag) void reply.header("ETag", etag);
        return reply.type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.saveResource,
      config: authConfig(routes.saveResource),
      handler: async (request, reply) => {
        const body = request.body as Readable | undefined;
        const event = {
          event: "save",
          user: requireAuth(request).user,
          file: wildcardPath(request.params),
        };
        const after = await hooks.before(event);
        const etag = await resources.save(event.user, event.file, body);
        after();
        return reply.header("ETag", etag).type("text/plain; charset=utf-8").send("200 OK");
      },
    });

    app.route({
      ...routes.patchResource,
      config: authConfig(routes.patchResource),
      handler: async (request, reply) => {
        const name = request.query.action;
        const action = actionFor(actions, name);
        if (!action) throw badRequest(`Unsupported action "${name}"`);
        const run = typeof action === "function" ? action : action.run;
        const gone = clientGone(reply);
        try {
          const user = requireAuth(request).user;
          const file = wildcardPath(request.params);
          if (typeof action !== "function") await action.authorize(user, request.query);
          const destination = hookDestination(request.query.destination);
          const after = await hooks.before({ event: name, user, file, destination });
          const answer = await run(user, file, request.query, gone.signal);
          after();
          if (answer !== undefined)
            return reply.type("application/json; charset=utf-8").send(answer);
          return reply.type("text/plain; charset=utf-8").send("200 OK");
        } finally {
          gone.done();
        }
      },
    });

    app.route({
      ...routes.deleteResource,
      config: authConfig(routes.deleteResource),
      handler: async (request, reply) => {
        const event = {
          event: "delete",
          user: requireAuth(request).user,
          file: wildcardPath(request.params),
        };
        const after = await hooks.before(event);
        await resources.remove(event.user, event.file);
        after();
        return reply.status(204).send();
      },
    });
  };
}
