import type { FastifyServerOptions } from "fastify";
import { redactUrl } from "./redact.js";

interface RawRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** pino options: JSON lines with request ids; tokens in `?auth=` are redacted, no headers logged. */
export function loggerOptions(level = "info"): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: ["req.headers", "password", "token"], remove: true },
    serializers: {
      req: (req: RawRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ""),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
