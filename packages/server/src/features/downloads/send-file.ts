import { randomBytes } from "node:crypto";
import { finished, Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.js";
import {
  multipartLength,
  multipartTail,
  partHead,
  planResponse,
  type ByteRange,
} from "../../lib/http-ranges.js";
import type { Payload } from "./payload.js";

export interface SendOptions {
  contentType: string;
  /** The whole Content-Disposition value. */
  disposition: string;
  /** The whole Content-Security-Policy value. */
  csp: string;
  /** Cache-Control; default `private`. */
  cacheControl?: string;
}

/** The parts of a `multipart/byteranges` body, read one after the other from the payload. */
async function* multipart(
  payload: Payload,
  boundary: string,
  contentType: string,
  ranges: readonly ByteRange[],
): AsyncGenerator<Buffer> {
  for (const [i, range] of ranges.entries()) {
    yield Buffer.from(partHead(boundary, contentType, range, payload.size, i === 0));
    for await (const chunk of payload.read(range.start, range.end)) yield chunk as Buffer;
  }
  yield Buffer.from(multipartTail(boundary));
}

/** Frees the payload once the body has been sent, failed or been abandoned by the client. */
function releaseAfter(body: Readable, payload: Payload): Readable {
  finished(body, () => void payload.release());
  return body;
}

/**
 * Answers a GET or HEAD with a payload: Last-Modified and the preconditions (304, 412), then
 * the whole payload, one range (206) or several (206 multipart/byteranges), or 416. Bodies are
 * streamed; nothing is read for HEAD, 304 and errors.
 */
export async function sendPayload(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Payload,
  opts: SendOptions,
): Promise<FastifyReply> {
  const { size } = payload;
  const plan = planResponse(request.headers, size, payload.mtimeMs);
  if (plan.status === 412 || plan.status === 416) {
    await payload.release();
    if (plan.status === 412) {
      throw new AppError("PRECONDITION_FAILED", "The file was modified since that date");
    }
    throw new AppError("RANGE_NOT_SATISFIABLE", "The requested range is not in the file", {
      "Content-Range": `bytes */${size}`,
    });
  }
  void reply
    .header("Last-Modified", new Date(payload.mtimeMs).toUTCString())
    .header("Cache-Control", opts.cacheControl ?? "private")
    .header("Accept-Ranges", "bytes")
    .header("Content-Disposition", opts.disposition)
    .header("Content-Security-Policy", opts.csp);
  const head = request.method === "HEAD";
  if (plan.status === 304) {
    await payload.release();
    return reply.code(304).send(head ? Readable.from([]) : undefined);
  }

  let body: () => Readable;
  if (plan.status === 200) {
    void reply.header("Content-Type", opts.contentType).header("Content-Length", size);
    body = () => (size === 0 ? Readable.from([]) : payload.read(0, size - 1, reply.raw));
  } else if (plan.ranges.length === 1) {
    const [range] = plan.ranges as [ByteRange];
    void reply
      .code(206)
      .header("Content-Type", opts.contentType)
      .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
      .header("Content-Length", range.end - range.start + 1);
    body = () => payload.read(range.start, range.end, reply.raw);
  } else {
    const boundary = randomBytes(16).toString("hex");
    const { ranges } = plan;
    void reply
      .code(206)
      .header("Content-Type", `multipart/byteranges; boundary=${boundary}`)
      .header("Content-Length", multipartLength(boundary, opts.contentType, ranges, size));
    body = () => Readable.from(multipart(payload, boundary, opts.contentType, ranges));
  }
  if (head) {
    await payload.release();
    // An (empty) stream keeps Fastify's HEAD handling from replacing our Content-Length.
    return reply.send(Readable.from([]));
  }
  return reply.send(releaseAfter(body(), payload));
}
