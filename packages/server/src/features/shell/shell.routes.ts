import { StringDecoder } from "node:string_decoder";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "@fastify/websocket";
import { routes, shellRefusalReason } from "@scriptorium/shared";
import { forbidden } from "../../errors.js";
import { wildcardPath } from "../../lib/route-params.js";
import { defineSocketRoute } from "../../http/socket-route.js";
import { socketMessage, type ShellService } from "./shell.service.js";
import { NOT_ALLOWED } from "./shell-line.js";

/** Largest text message sent: long output lines are cut into pieces of this size. */
const MESSAGE_BYTES = 16 * 1024;
export { NOT_ALLOWED };

/** Refuses a cross-site upgrade: with an Origin header, its host must be the request's Host. */
function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden("Cross-origin shell connections are refused");
  }
  if (host !== request.headers.host) throw forbidden("Cross-origin shell connections are refused");
}

/** Sends output as it comes, decoded across chunk ends, in messages of at most MESSAGE_BYTES. */
function outputSender(socket: WebSocket) {
  const decoder = new StringDecoder("utf8");
  const send = (text: string) => {
    for (let at = 0; at < text.length; at += MESSAGE_BYTES) {
      if (socket.readyState === socket.OPEN) socket.send(text.slice(at, at + MESSAGE_BYTES));
    }
  };
  return { write: (chunk: Buffer) => send(decoder.write(chunk)), end: () => send(decoder.end()) };
}

/**
 * `GET /api/command{path}?auth=<jwt>` (API.md §10.2 with Part A §13): the token, the server's
 * `enableExec`, the execute permission and the Origin are checked before the upgrade; then one
 * command line, its output streamed, and a close frame saying how it ended.
 */
export function shellRoutes(shell: ShellService) {
  return function register(app: FastifyInstance): void {
    defineSocketRoute(
      app,
      routes.command,
      (socket, { request, user }) => {
        const folder = wildcardPath(request.params);
        const gone = new AbortController();
        let started = false;
        socket.on("close", () => gone.abort());
        socket.on("message", (data, isBinary) => {
          if (started || isBinary) return;
          const line = (
            Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)
          ).toString("utf8");
          if (line.trim() === "") return;
          started = true;
          void (async () => {
            try {
              const plan = await shell.prepare(user, folder, line);
              if ("refused" in plan) {
                socket.send(plan.refused);
                // The reason names the rule, for the web to say it in the user's language.
                socket.close(1008, shellRefusalReason(plan.code, plan.detail));
                return;
              }
              const out = outputSender(socket);
              const outcome = await plan.run(out.write, gone.signal);
              out.end();
              if (outcome.timedOut) {
                socket.send(
                  `\n[stopped: the time limit of ${Math.round(plan.timeoutMs / 1000)} s was reached]`,
                );
              } else if (outcome.outputCapped) {
                socket.send("\n[stopped: the output limit was reached]");
              }
              if (socket.readyState !== socket.OPEN) return;
              if (outcome.exitCode === 0) socket.close(1000);
              else socket.close(1011, "Internal Server Error");
            } catch (err) {
              request.log.warn({ err }, "shell command failed");
              if (socket.readyState === socket.OPEN) {
                socket.send(socketMessage(err));
                socket.close(1011, "Internal Server Error");
              }
            }
          })();
        });
      },
      {
        authorize: async ({ request, user }) => {
          assertSameOrigin(request);
          await shell.assertAllowed(user);
        },
      },
    );
  };
}
