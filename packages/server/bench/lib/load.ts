/**
 * Load from `wrk` (Debian's C load generator): `connections` keep-alive clients, each sending its
 * next GET as soon as the previous answer is read, for `seconds`. Being native, it leaves more
 * of a small machine's cores to the server under test than a load generator written in
 * JavaScript would. Any answer other than 2xx/3xx fails the run.
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Printed by a script's `done` as `p95 <µs>us` (wrk's own report stops at 50/75/90/99). */
  p95?: number;
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A latency as wrk prints it ("812.00us", "34.54ms", "1.20s"), in milliseconds. */
export function wrkMillis(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk latency not understood: ${text}`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

/** The figures of wrk's `--latency` report. */
export function parseWrk(report: string): LoadResult {
  const field = (re: RegExp) => {
    const match = re.exec(report);
    if (!match) throw new Error(`wrk report without ${re.source}:\n${report}`);
    return match[1]!;
  };
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  if (bad) throw new Error(`wrk: ${bad[1]} answers were not 2xx/3xx`);
  const errors = /Socket errors: (.*)/.exec(report);
  if (errors && /[1-9]/.test(errors[1]!)) throw new Error(`wrk: socket errors: ${errors[1]}`);
  const p95 = /^p95 (\S+)$/m.exec(report)?.[1];
  return {
    requests: Number(field(/(\d+) requests in/)),
    perSecond: Number(field(/Requests\/sec:\s+([\d.]+)/)),
    p50: wrkMillis(field(/^\s+50%\s+(\S+)/m)),
    p99: wrkMillis(field(/^\s+99%\s+(\S+)/m)),
    ...(p95 ? { p95: wrkMillis(p95) } : {}),
  };
}

export async function load(
  wrk: string,
  url: string,
  opts: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    /** A Lua script for wrk (`-s`): requests other than a GET of `url`. */
    script?: string;
    /**
     * wrk's niceness (nice(1)): a load generator that shares the machine's cores with the server
     * it loads takes a core from it at nice 0, where real clients run on other machines.
     */
    nice?: number;
  },
): Promise<LoadResult> {
  const threads = String(Math.min(2, availableParallelism()));
  // A slow baseline answers in seconds under 50 clients: no request may time out (wrk's
  // default is 2 s), as a timed-out request would be left out of the latencies.
  const args = ["-t", threads, "-c", String(opts.connections), "-d", `${opts.seconds}s`];
  args.push("--timeout", "60s");
  for (const [name, value] of Object.entries(opts.headers ?? {}))
    args.push("-H", `${name}: ${value}`);
  if (opts.script) args.push("-s", opts.script);
  args.push("--latency", url);
  const [command, argv] =
    opts.nice === undefined ? [wrk, args] : ["nice", ["-n", String(opts.nice), wrk, ...args]];
  const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
  return parseWrk(out);
}
