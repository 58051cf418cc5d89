import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What a pool of database connections tells (pg.Pool's counts). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** How a program run ended, in one word (a label value from this fixed set only). */
export type RunResult = "ok" | "failed" | "timeout" | "cancelled" | "capped" | "error";

/**
 * The metrics of one app, in a registry of its own (tests build many apps in one process; the
 * default global registry would collide). Labels are route patterns, methods, statuses, tool
 * names from the server's configuration and fixed words: never a path or a user.
 */
export function createMetrics() {
  const registry = new Registry();
  // Node's own metrics (CPU, memory, event-loop delay, collections) start with the first scrape:
  // the event-loop monitor wakes the process every 10 ms and keeps a 0.4 MB histogram, which a
  // server nobody scrapes does not need. CPU, memory and handles are read at each scrape, so the
  // first one has them; delays and collections count from it on.
  let defaults = false;
  const scrape = (): Promise<string> => {
    if (!defaults) {
      defaults = true;
      collectDefaultMetrics({ register: registry, prefix: "scriptorium_" });
    }
    return registry.metrics();
  };
  const registers = [registry];

  const requests = new Histogram({
    name: "scriptorium_http_request_duration_seconds",
    help: "HTTP requests by route pattern, method and status, with their durations",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const received = new Counter({
    name: "scriptorium_http_received_bytes_total",
    help: "Bytes received (request lines, headers and bodies) by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  const sent = new Counter({
    name: "scriptorium_http_sent_bytes_total",
    help: "Bytes sent (status lines, headers and bodies) by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  const inFlight = new Gauge({
    name: "scriptorium_http_requests_in_flight",
    help: "Requests being answered by this instance",
    registers,
  });
  const chunks = new Gauge({
    name: "scriptorium_tus_chunks_receiving",
    help: "tus PATCH requests whose chunk this instance is receiving now",
    registers,
  });
  const toolRuns = new Counter({
    name: "scriptorium_tool_runs_total",
    help: "Edition tool runs by tool and result (ok, failed, stopped, error: refused or broke)",
    labelNames: ["tool", "result"] as const,
    registers,
  });
  const programRuns = new Histogram({
    name: "scriptorium_program_run_seconds",
    help: "Runs of external programs (tools, shell, hooks) by result, with their durations",
    labelNames: ["result"] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers,
  });
  const listings = new Counter({
    name: "scriptorium_listing_cache_lookups_total",
    help: "Folder listings answered from the listing cache (hit) or read from disk (miss)",
    labelNames: ["result"] as const,
    registers,
  });
  const queries = new Counter({
    name: "scriptorium_db_queries_total",
    help: "Database statements run by this instance",
    registers,
  });
  for (const result of ["hit", "miss"]) listings.inc({ result }, 0);

  return {
    /** The text of a scrape, in the Prometheus format of `contentType`. */
    scrape,
    contentType: registry.contentType,
    requests,
    received,
    sent,
    inFlight,
    chunks,
    listingLookup: (hit: boolean): void => {
      listings.inc({ result: hit ? "hit" : "miss" });
    },
    query: (): void => {
      queries.inc();
    },
    toolRun: (tool: string, result: "ok" | "failed" | "stopped" | "error"): void => {
      toolRuns.inc({ tool, result });
    },
    programRun: (result: RunResult, seconds: number): void => {
      programRuns.observe({ result }, seconds);
    },
    /** A gauge read at each scrape (`read` may query; a failure leaves the gauge out). */
    gauge(name: string, help: string, read: () => number | Promise<number>): void {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    },
    /**
     * The database pool's connections (PostgreSQL): total, idle and clients waiting for one.
     * Called once by whoever opens the pool.
     */
    registerPoolMetrics(pool: PoolCounts): void {
      const pg = new Gauge({
        name: "scriptorium_db_pool_connections",
        help: "Connections of the database pool by state (total, idle, waiting clients)",
        labelNames: ["state"] as const,
        registers,
        collect() {
          this.set({ state: "total" }, pool.totalCount);
          this.set({ state: "idle" }, pool.idleCount);
          this.set({ state: "waiting" }, pool.waitingCount);
        },
      });
      void pg;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
