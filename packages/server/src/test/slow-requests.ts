import { request, type IncomingMessage } from "node:http";
import type { RawResponse } from "./http.js";

/**
 * Requests that stop halfway, so that a test can change the disk while the server is inside
 * one: a body sent in two parts, an answer read in two parts.
 */

/** Collects an answer. */
function collect(res: IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
    );
    res.on("error", reject);
  });
}

/**
 * Sends `first`, runs `between` (the server holds the request, waiting for the rest), then
 * sends `rest`. The answer may come early (a refusal before the body's end).
 */
export function sendInTwo(
  port: number,
  urlPath: string,
  opts: {
    method: string;
    headers: Record<string, string>;
    first: Buffer;
    rest: Buffer;
    between: () => Promise<void>;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path: urlPath,
      method: opts.method,
      agent: false,
      headers: { ...opts.headers, "content-length": String(opts.first.length + opts.rest.length) },
    });
    req.on("response", (res) => collect(res).then(resolve, reject));
    // A refusal before the body's end may close the socket under the rest.
    req.on("error", (err) => (req.writableEnded ? undefined : reject(err)));
    req.write(opts.first);
    opts.between().then(
      () => req.end(opts.rest),
      (err: unknown) => {
        req.destroy();
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * GETs `urlPath`, reads `after` bytes of the answer, stops reading (the server's writes wait
 * on the socket), runs `between`, and reads the rest.
 */
export function readInTwo(
  port: number,
  urlPath: string,
  opts: { headers: Record<string, string>; after: number; between: () => Promise<void> },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "GET",
        agent: false,
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let got = 0;
        let paused = false;
        res.on("data", (c: Buffer) => {
          chunks.push(c);
          got += c.length;
          if (!paused && got >= opts.after) {
            paused = true;
            res.pause();
            opts.between().then(
              () => res.resume(),
              (err: unknown) => {
                req.destroy();
                reject(err instanceof Error ? err : new Error(String(err)));
              },
            );
          }
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
