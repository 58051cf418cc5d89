import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, notFound } from "../../errors.js";
import { setRequestActor } from "../../http/request-context.js";
import type { DavCall, DavDeps } from "./dav-context.js";
import { copyOrMove } from "./dav-copy-move.js";
import { DavError, davErrorBody } from "./dav-error.js";
import { DAV_ALLOW, get, mkcol, put, remove } from "./dav-files.js";
import { lock, unlock } from "./dav-lock.js";
import { DAV_PREFIX, userPathOf } from "./dav-paths.js";
import { propfind } from "./dav-propfind.js";
import { proppatch } from "./dav-proppatch.js";

/** The methods of RFC 4918 that Fastify does not know by itself; any of them may carry a body. */
const EXTRA_METHODS = ["PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK"];
const METHODS = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", ...EXTRA_METHODS];

const HANDLERS: Record<string, (call: DavCall) => Promise<void>> = {
  GET: get,
  HEAD: get,
  PUT: put,
  DELETE: remove,
  MKCOL: mkcol,
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  COPY: (call) => copyOrMove(call, false),
  MOVE: (call) => copyOrMove(call, true),
  LOCK: lock,
  UNLOCK: unlock,
};

/** The realm Basic credentials are asked for. */
const CHALLENGE = 'Basic realm="Scriptorium WebDAV", charset="UTF-8"';

/** OPTIONS: what this server speaks (RFC 4918 §10.1), with the header Windows' client looks for. */
function sendOptions(reply: FastifyReply) {
  return reply
    .header("DAV", "1, 2")
    .header("MS-Author-Via", "DAV")
    .header("Allow", DAV_ALLOW)
    .header("Content-Length", "0")
    .code(200)
    .send();
}

/**
 * WebDAV at `/dav/` (below the base URL): RFC 4918 class 1 and 2 over the same file layer as
 * the API. Every request is authenticated by Basic credentials (an app password; the account
 * password when the admin allows it), or by the proxy header or noauth as the web is; a denied
 * entry does not exist here (404), and each method needs the permission of its API
 * counterpart. The handlers live in one module per method family.
 */
export function webdavPlugin(deps: DavDeps, baseURL: string) {
  let filesRoot: string | undefined;

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const settings = await deps.settings.getSettings();
    if (!settings.webdav.enabled) throw notFound("WebDAV is switched off on this server");
    if (request.method === "OPTIONS") return void (await sendOptions(reply));
    let identity;
    try {
      identity = await deps.login.authenticate(request.headers, request.ip);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        throw new AppError("UNAUTHORIZED", err.message, { "WWW-Authenticate": CHALLENGE });
      }
      throw err;
    }
    const { user } = identity;
    setRequestActor({ id: user.id, username: user.username });
    const fs = await deps.storage.forUser(user);
    filesRoot ??= await fs.realOf(path.resolve(deps.storage.root));
    const call: DavCall = {
      deps,
      request,
      reply,
      identity,
      user,
      fs,
      path: userPathOf(request.url),
      baseURL,
      filesRoot,
    };
    const handler = HANDLERS[request.method];
    if (!handler) {
      throw new AppError("METHOD_NOT_ALLOWED", `${request.method} is not a WebDAV method here`, {
        Allow: DAV_ALLOW,
      });
    }
    await handler(call);
  }

  return function register(app: FastifyInstance): void {
    for (const method of EXTRA_METHODS) {
      if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
    }
    // Bodies are handed over as streams: PUT writes them to disk, XML bodies are read with a limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await serve(request, reply);
      } catch (err) {
        // A denied entry does not exist over WebDAV.
        if (err instanceof AppError && err.code === "RULE_DENIED") throw notFound("Not found");
        if (!(err instanceof DavError)) throw err;
        // RFC 4918's precondition bodies (DAV:error), for the failures that have one.
        await reply.code(err.status).type("application/xml; charset=utf-8").send(davErrorBody(err));
      }
      return reply;
    };
    const route = { method: METHODS, handler, exposeHeadRoute: false };
    app.route({ ...route, url: DAV_PREFIX });
    app.route({ ...route, url: `${DAV_PREFIX}/*` });
  };
}
