import type { FastifyReply, FastifyRequest } from "fastify";
import { contentDisposition } from "../../lib/http-ranges.js";
import { prepareArchive, wantsArchive } from "../archive/archive.service.js";
import { downloadPolicy, inlineContentType } from "../downloads/content-headers.js";
import type { DownloadTarget, FileDownload } from "../downloads/downloads.service.js";
import { sendPayload } from "../downloads/send-file.js";

/**
 * Sends a located download: an archive when the target is a folder or `files=` selects entries
 * (and `archives` allows it), else the file's bytes, as an attachment unless `inline=true`.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  target: DownloadTarget,
  query: { inline?: string; files?: string; algo?: string },
  opts: { archives: boolean; open: (target: DownloadTarget) => Promise<FileDownload> },
): Promise<FastifyReply> {
  if (opts.archives && wantsArchive(target, query)) {
    const archive = await prepareArchive(target, query, request.log);
    void reply
      .type(archive.contentType)
      .header("Content-Disposition", contentDisposition("attachment", archive.name))
      .header("Content-Security-Policy", downloadPolicy(archive.contentType));
    return reply.send(request.method === "HEAD" ? "" : archive.open());
  }
  const file = await opts.open(target);
  const inline = query.inline === "true";
  // Inline, text a browser would download (a `.tex`) is shown as text (issue 31).
  const contentType = inline ? inlineContentType(file.contentType) : file.contentType;
  return sendPayload(request, reply, file.payload, {
    contentType,
    disposition: contentDisposition(inline ? "inline" : "attachment", file.name),
    csp: downloadPolicy(contentType),
  });
}
