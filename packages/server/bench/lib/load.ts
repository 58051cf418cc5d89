/**
 * A small closed-loop load generator: `connections` clients on keep-alive sockets, each sending
 * its next GET as soon as the previous answer has been read, for `seconds`. Bodies are counted,
 * never parsed; every answer must be 200.
 */
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { percentile } from "./common.ts";

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export async function load(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const req = request(url, { agent, headers: opts.headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        res.on("data", () => undefined);
        res.on("end", () => {
          latencies.push(performance.now() - t0);
          resolve();
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  const client = async () => {
    while (performance.now() < end) await one();
  };
  await Promise.all(Array.from({ length: opts.connections }, client));
  const elapsed = performance.now() - start;
  agent.destroy();
  return {
    requests: latencies.length,
    perSecond: latencies.length / (elapsed / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
