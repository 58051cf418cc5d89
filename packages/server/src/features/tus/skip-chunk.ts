import type { FastifyReply } from "fastify";
import type { IncomingMessage } from "node:http";
import { finished } from "node:stream/promises";

/** A refused chunk at most this large is read and dropped; a larger one closes the connection. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * A chunk refused before it was read (423, 409, 404…): Node stops reading a request whose
 * answer was sent before its body, so the client stalls mid-body and the socket hangs until a
 * timeout (blocking shutdown). Read and drop the chunk first, then answer: the client gets the
 * status and keeps its connection. Past the limit, the answer closes the connection instead,
 * as Fastify does for parser errors.
 */
export async function skipUnreadChunk(raw: IncomingMessage, reply: FastifyReply): Promise<void> {
  if (raw.complete || raw.destroyed) return;
  const length = Number(raw.headers["content-length"]);
  if (Number.isSafeInteger(length) && length <= DRAIN_LIMIT) {
    raw.resume();
    await finished(raw).catch(() => undefined);
  } else {
    reply.header("connection", "close");
  }
}
