import type { Readable } from "node:stream";
import { AppError, badRequest } from "../../errors.js";
import type { DavCall } from "./dav-context.js";
import { DavXmlError, parseDavXml, type XmlElement } from "./xml/parse-xml.js";

/** The largest XML body a WebDAV method reads (PROPFIND, PROPPATCH, LOCK): 1 MiB. */
export const XML_BODY_LIMIT = 1024 * 1024;

/** The request's body stream, when Fastify handed one over (the plugin's catch-all parser). */
export function bodyStream(call: DavCall): Readable | undefined {
  const body = call.request.body as Readable | undefined;
  return body && typeof body.pipe === "function" ? body : undefined;
}

/** Whether the request announces a body (a length above 0, or chunked). */
export function hasBody(call: DavCall): boolean {
  const { headers } = call.request;
  const length = headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return headers["transfer-encoding"] !== undefined;
}

/**
 * Reads an XML body of at most XML_BODY_LIMIT bytes (413 beyond, without reading the rest) and
 * parses it safely (no DTD, no entity but XML's own; 400 when malformed). Undefined for none.
 */
export async function readXmlBody(call: DavCall): Promise<XmlElement | undefined> {
  const stream = bodyStream(call);
  if (!stream || !hasBody(call)) return undefined;
  const declared = Number(call.request.headers["content-length"] ?? 0);
  // The rest of the body is never read: the 413 closes the connection once sent (destroying
  // the request's stream here would close it before the answer, which the client never gets).
  const tooLarge = () => {
    call.reply.header("connection", "close");
    return new AppError("PAYLOAD_TOO_LARGE", "The XML body is larger than 1 MiB");
  };
  if (declared > XML_BODY_LIMIT) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early must not destroy the request (its socket would go before the 413).
  for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > XML_BODY_LIMIT) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest("The XML body is not UTF-8");
  }
  try {
    return parseDavXml(text);
  } catch (err) {
    if (err instanceof DavXmlError) throw badRequest(`The XML body is not valid: ${err.message}`);
    throw err;
  }
}
