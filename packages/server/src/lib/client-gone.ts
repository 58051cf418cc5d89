import type { FastifyReply } from "fastify";

/**
 * A signal that aborts when the client goes away before the answer is sent (the reply's socket
 * closes unfinished): a tool or command run for it is then killed. `done()` detaches it once
 * the answer is out.
 */
export function clientGone(reply: FastifyReply): { signal: AbortSignal; done: () => void } {
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.on("close", onClose);
  return { signal: gone.signal, done: () => reply.raw.off("close", onClose) };
}
