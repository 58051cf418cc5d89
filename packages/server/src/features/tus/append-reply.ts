import type { FastifyReply, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { skipUnreadChunk } from "./skip-chunk.js";

/** The headers of a tus PATCH that matter, as received. */
export interface AppendHeaders {
  offset: unknown;
  length: unknown;
  contentLength: unknown;
}

/**
 * A tus PATCH (a user's upload or a drop box's): appends the chunk through `append` and answers
 * 204 with the new offset. A refused chunk is drained first (skip-chunk.ts).
 */
export async function replyToAppend(
  request: FastifyRequest,
  reply: FastifyReply,
  append: (headers: AppendHeaders, body: Readable | undefined) => Promise<number>,
): Promise<FastifyReply> {
  const headers = {
    offset: request.headers["upload-offset"],
    length: request.headers["upload-length"],
    contentLength: request.headers["content-length"],
  };
  let offset: number;
  try {
    offset = await append(headers, request.body as Readable | undefined);
  } catch (err) {
    await skipUnreadChunk(request.raw, reply);
    throw err;
  }
  return reply.status(204).header("Upload-Offset", String(offset)).send();
}
