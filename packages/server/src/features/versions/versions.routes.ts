import type { FastifyInstance } from "fastify";
import { routes } from "@scriptorium/shared";
import { forbidden, notFound } from "../../errors.js";
import { defineRoute } from "../../http/route.js";
import { contentDisposition } from "../../lib/http-ranges.js";
import { wildcardPath } from "../../lib/route-params.js";
import { downloadPolicy } from "../downloads/content-headers.js";
import type { UserRecord } from "../users/users.store.js";
import type { VersionsService } from "./versions.service.js";

const mayModify = ({ user }: { user: UserRecord }) => {
  if (!user.perm.modify) throw forbidden("You may not modify files");
};

/** The versions folder is off (no versionsDir): the routes answer 404. */
const off = () => notFound("This server keeps no versions");

/**
 * /api/history/{path}: GET lists the versions (newest first), `?version=ID` sends one's bytes
 * (`&download=1` as an attachment), `?diff=A,B` compares two; POST `?version=ID&action=restore`
 * restores; PUT `?version=ID` names one.
 */
export function versionsRoutes(versions: VersionsService | undefined) {
  return function register(app: FastifyInstance): void {
    defineRoute(app, routes.getHistory, async ({ user, request, reply }) => {
      if (!versions) throw off();
      const file = wildcardPath(request.params);
      const { version, diff, context, download } = request.query;
      // A version's bytes, and a diff, are a file's content in another form: `download`.
      if ((diff !== undefined || version !== undefined) && !user.perm.download)
        throw forbidden("You do not have permission to download files");
      if (diff !== undefined) return reply.send(await versions.diff(user, file, diff, context));
      if (version === undefined) return reply.send(await versions.list(user, file));
      const sent = await versions.open(user, file, version);
      // The length is announced for versions sent from memory (up to 16 MiB). A large one is
      // streamed chunked: with Content-Length, a streamed zstd decompression sometimes left the
      // connection held after the last byte (a server close then waited for it).
      if (sent.whole) void reply.header("Content-Length", sent.size);
      return reply
        .header("Content-Type", sent.contentType)
        .header("Cache-Control", "private")
        .header(
          "Content-Disposition",
          contentDisposition(download ? "attachment" : "inline", sent.name),
        )
        .header("Content-Security-Policy", downloadPolicy(sent.contentType))
        .header("X-Content-Type-Options", "nosniff")
        .send(sent.stream);
    });
    defineRoute(
      app,
      routes.restoreVersion,
      async ({ user, request }) => {
        if (!versions) throw off();
        const file = wildcardPath(request.params);
        if (request.query.action !== "restore")
          throw notFound("Nothing to do: ?version=ID&action=restore");
        return versions.restore(user, file, request.query.version);
      },
      { authorize: mayModify },
    );
    defineRoute(
      app,
      routes.labelVersion,
      async ({ user, request, reply }) => {
        if (!versions) throw off();
        const file = wildcardPath(request.params);
        await versions.label(user, file, request.query.version, request.body.label);
        return reply.status(204).send();
      },
      { authorize: mayModify },
    );
  };
}
