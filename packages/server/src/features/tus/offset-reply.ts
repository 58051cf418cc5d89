import type { FastifyReply } from "fastify";
import { UNKNOWN_LENGTH } from "./upload-end.js";

/** HEAD of an upload: its offset and length (-1 while unknown, as tus-js-client needs). */
export function sendOffset(
  reply: FastifyReply,
  upload: { offset: number; length: number },
): FastifyReply {
  if (upload.length === UNKNOWN_LENGTH) reply.header("Upload-Defer-Length", "1");
  return reply
    .headers({
      "Upload-Offset": String(upload.offset),
      "Upload-Length": String(upload.length),
      "Cache-Control": "no-store",
    })
    .send();
}
