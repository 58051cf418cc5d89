import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { routes } from "@scriptorium/shared";
import type { Metrics } from "./metrics.js";

/** Label of a request no route matched (its URL is never a label). */
const UNMATCHED = "(unmatched)";
/** The routes that receive tus chunks. */
const CHUNK_ROUTES = new Set<string>([routes.tusAppend.url, routes.publicTusAppend.url]);
const CHUNK_METHOD = routes.tusAppend.method;

/** Bytes of a connection already counted, by socket (keep-alive requests follow each other). */
const counted = new WeakMap<Socket, { read: number; written: number }>();
const started = new WeakMap<FastifyRequest, bigint>();

/** The route pattern a request matched, without the base URL ("(unmatched)" when none did). */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED;
}

const isChunk = (request: FastifyRequest) =>
  request.method === CHUNK_METHOD && CHUNK_ROUTES.has(routeOf(request));

/**
 * Counts every request by route pattern, method and status with its duration, and the bytes
 * its connection carried since the previous request on it (request and answer, headers
 * included): read from the socket's own counters, so a streamed body is never touched.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  function finish(request: FastifyRequest, status: string): void {
    const start = started.get(request);
    if (start === undefined) return;
    started.delete(request);
    metrics.inFlight.dec();
    if (isChunk(request)) metrics.chunks.dec();
    const route = routeOf(request);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    metrics.requests.observe({ route, method: request.method, status }, seconds);
    const socket = request.raw.socket as Socket | null;
    // A real connection (injected requests have none worth counting).
    if (typeof socket?.bytesRead === "number" && typeof socket.bytesWritten === "number") {
      const before = counted.get(socket) ?? { read: 0, written: 0 };
      const now = { read: socket.bytesRead, written: socket.bytesWritten };
      counted.set(socket, now);
      metrics.received.inc({ route }, Math.max(0, now.read - before.read));
      metrics.sent.inc({ route }, Math.max(0, now.written - before.written));
    }
  }
  app.addHook("onRequest", (request, _reply, done) => {
    // A WebSocket is handed over and never answered: it is not a request in flight.
    if (request.headers.upgrade === undefined) {
      started.set(request, process.hrtime.bigint());
      metrics.inFlight.inc();
      if (isChunk(request)) metrics.chunks.inc();
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    finish(request, String(reply.statusCode));
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    finish(request, "aborted");
    done();
  });
}
