import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.js";

/** Largest JSON body (settings with many rules and hooks stay far below it). */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Parses every body of `app` as JSON, whatever its content type: File Browser's clients send
 * JSON as text/plain. An empty body is no body; anything else that is not JSON is 400.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: JSON_BODY_LIMIT },
    (_req, body, done) => {
      const text = String(body).trim();
      if (text === "") return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError("BAD_REQUEST", "The request body is not valid JSON"), undefined);
      }
    },
  );
}

/**
 * In `app`'s scope, bodies of `contentType` ("*": any) are handed to the handler as the request
 * stream, never buffered and without a size limit; any other content type is 415.
 */
export function streamBodies(app: FastifyInstance, contentType: string): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(contentType, (_request, payload, done) => done(null, payload));
}
