import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { servicesOf } from "../../app.js";
import { openDatabase } from "../../db/database.js";
import { createStorage } from "../../storage/storage.js";
import { TEST_ENGINE, testDatabase } from "../../test/test-database.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { listen } from "../../test/http.js";
import { createReadiness } from "./readiness.js";

const TOKEN = "metrics-token-0123456789abcdef";
let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The value of one sample line of a scrape (`name{labels} value`), undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? "").split(",");
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return Number.NaN;
}

describe("/health and /ready", () => {
  it("/health answers File Browser's body, uncached, under the base URL and at the root", async () => {
    t = await createTestApp({ app: { baseURL: "/edition" } });
    for (const url of ["/health", "/edition/health"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "OK" });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("/ready is 200 with both checks ok, anywhere, uncached", async () => {
    t = await createTestApp({ app: { baseURL: "/edition" } });
    for (const url of ["/ready", "/edition/ready"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ready", database: "ok", files: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("/ready is 503 naming the files when the files root is gone, and ready again after", async () => {
    t = await createTestApp();
    await rename(t.root, t.root + ".away");
    const res = await t.app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "not ready", database: "ok", files: "failed" });
    await rename(t.root + ".away", t.root);
    expect((await t.app.inject({ url: "/ready" })).statusCode).toBe(200);
  });

  it("/ready is 503 once shutdown began, while /health still answers", async () => {
    t = await createTestApp();
    servicesOf(t.app)?.readiness.drain();
    const res = await t.app.inject({ url: "/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "shutting down" });
    expect((await t.app.inject({ url: "/health" })).statusCode).toBe(200);
  });

  it("the database check fails on a database that does not answer", async () => {
    t = await createTestApp();
    const db = await openDatabase(await testDatabase(t.dir, "other.db"));
    await db.destroy();
    const readiness = createReadiness({
      db,
      storage: createStorage({ root: t.root, globalRules: () => Promise.resolve([]) }),
    });
    expect(await readiness.check()).toEqual({
      status: "not ready",
      database: "failed",
      files: "ok",
    });
  });
});

describe("/metrics", () => {
  it("is off (404) without a configured token", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer x" } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("scriptorium_");
  });

  it("needs the bearer token: 401 without it or with another", async () => {
    t = await createTestApp({ app: { metricsToken: TOKEN } });
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body).not.toContain("scriptorium_http");
    }
    const ok = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.body).toContain("scriptorium_process_cpu_user_seconds_total");
    // Node's own metrics start with the first scrape, and that scrape has them already.
    expect(ok.body).toContain("scriptorium_nodejs_eventloop_lag_p99_seconds");
  });

  it("counts requests by route pattern and status, bytes, cache lookups, queries and uploads", async () => {
    t = await createTestApp({ app: { metricsToken: TOKEN } });
    const port = await listen(t.app);
    const base = `http://127.0.0.1:${port}`;
    const token = await t.login();
    const scrape = async () => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = await scrape();

    await mkdir(path.join(t.root, "Secret Folder Name"));
    await writeFile(path.join(t.root, "Secret Folder Name", "a.txt"), "a");
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/resources/Secret%20Folder%20Name/`, {
        headers: { "X-Auth": token },
      });
      expect(res.status).toBe(200);
    }
    const missing = await fetch(`${base}/api/resources/no-such-user-path-xyz`, {
      headers: { "X-Auth": token },
    });
    expect(missing.status).toBe(404);
    const body = Buffer.alloc(100_000, 7);
    const up = await fetch(`${base}/api/resources/upload.bin?override=false`, {
      method: "POST",
      headers: { "X-Auth": token },
      body,
    });
    expect(up.status).toBe(200);
    const started = await fetch(`${base}/api/tus/pending.bin?override=false`, {
      method: "POST",
      headers: { "X-Auth": token, "Upload-Length": "1000", "Tus-Resumable": "1.0.0" },
    });
    expect(started.status).toBe(201);

    const after = await scrape();
    const route = "/api/resources/*";
    const count = (text: string, status: string) =>
      sample(text, "scriptorium_http_request_duration_seconds_count", {
        route,
        method: "GET",
        status,
      });
    expect(count(after, "200")).toBe(3);
    expect(count(after, "404")).toBe(1);
    expect(Number.isNaN(count(before, "200"))).toBe(true);
    const received = sample(after, "scriptorium_http_received_bytes_total", { route });
    expect(received).toBeGreaterThan(body.length);
    expect(sample(after, "scriptorium_http_sent_bytes_total", { route })).toBeGreaterThan(0);
    const hits = sample(after, "scriptorium_listing_cache_lookups_total", { result: "hit" });
    const misses = sample(after, "scriptorium_listing_cache_lookups_total", { result: "miss" });
    expect(misses).toBeGreaterThanOrEqual(1);
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(hits + misses).toBe(3);
    expect(sample(after, "scriptorium_db_queries_total")).toBeGreaterThan(
      sample(before, "scriptorium_db_queries_total"),
    );
    expect(sample(after, "scriptorium_tus_uploads_in_progress")).toBe(1);
    expect(sample(after, "scriptorium_tus_chunks_receiving")).toBe(0);
    if (TEST_ENGINE === "postgres") {
      expect(sample(after, "scriptorium_db_pool_connections", { state: "total" })).toBeGreaterThan(
        0,
      );
      expect(sample(after, "scriptorium_db_pool_connections", { state: "waiting" })).toBe(0);
    }
    // Patterns only: no path a user sent appears anywhere in the scrape.
    for (const text of ["Secret", "no-such-user-path", "upload.bin", "pending.bin"]) {
      expect(after).not.toContain(text);
    }
  });

  it("each app has its own registry: two apps in one process both count from zero", async () => {
    t = await createTestApp({ app: { metricsToken: TOKEN } });
    const other = await createTestApp({ app: { metricsToken: TOKEN } });
    try {
      await t.app.inject({ url: "/health" });
      await t.app.inject({ url: "/health" });
      await other.app.inject({ url: "/health" });
      const scrape = async (c: TestContext) =>
        (await c.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } }))
          .body;
      const labels = { route: "/health", method: "GET", status: "200" };
      const name = "scriptorium_http_request_duration_seconds_count";
      expect(sample(await scrape(t), name, labels)).toBe(2);
      expect(sample(await scrape(other), name, labels)).toBe(1);
    } finally {
      await other.close();
    }
  });
});
