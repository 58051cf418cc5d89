import { rename } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesOf } from "../app.js";
import { createTestApp } from "../test/helpers.js";
import { listen } from "../test/http.js";
import {
  enc,
  expectSafe,
  send,
  startTarget,
  type Target,
  EVE_SECRET,
  SECRET,
} from "../test/attack-target.js";

/**
 * Operations (issue 33): /metrics without its token, with a wrong one, with the token anywhere
 * but the Authorization header (query string, X-Auth, cookie, Basic), with a user's session;
 * no path a request names ever becomes a label, however hostile; /health and /ready tell
 * nothing about the server (no path, version or error), also when a check fails.
 */
const TOKEN = "attack-metrics-token-0123456789";
let target: Target;

beforeAll(async () => {
  target = await startTarget({ app: { app: { metricsToken: TOKEN } } });
});
afterAll(() => target.close());

const scrape = async () => {
  const res = await target.send("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.body.toString("utf8");
};

describe("/metrics access", () => {
  const refused: [string, string, Record<string, string>][] = [
    ["no token", "/metrics", {}],
    ["a wrong token", "/metrics", { authorization: "Bearer not-the-metrics-token-at-all" }],
    ["the token with a byte more", "/metrics", { authorization: `Bearer ${TOKEN}0` }],
    ["the token's prefix", "/metrics", { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ["an empty bearer", "/metrics", { authorization: "Bearer " }],
    ["the token as Basic credentials", "/metrics", { authorization: `Basic ${TOKEN}` }],
    [
      "the token as a Basic password",
      "/metrics",
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
    ],
    ["the token in the query string (token)", `/metrics?token=${TOKEN}`, {}],
    ["the token in the query string (access_token)", `/metrics?access_token=${TOKEN}`, {}],
    ["the token in the query string (auth)", `/metrics?auth=${TOKEN}`, {}],
    ["the token in X-Auth", "/metrics", { "x-auth": TOKEN }],
    ["the token as a cookie", "/metrics", { cookie: `auth=${TOKEN}; token=${TOKEN}` }],
    ["the token twice in one header", "/metrics", { authorization: `Bearer ${TOKEN} ${TOKEN}` }],
  ];
  for (const [label, url, headers] of refused) {
    it(`refuses ${label}: 401, and no metric in the body`, async () => {
      const res = await target.send(url, { headers });
      expect(res.status).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body.toString()).not.toContain("scriptorium_");
    });
  }

  it("refuses an admin's session token: sessions open no metrics", async () => {
    const tries: Record<string, string>[] = [
      { "x-auth": target.tokens.admin },
      { authorization: `Bearer ${target.tokens.admin}` },
    ];
    for (const headers of tries) {
      const res = await target.send(`/metrics?auth=${target.tokens.admin}`, { headers });
      expect(res.status).toBe(401);
    }
  });

  it("is 404 on a server without a metrics token, whatever is sent", async () => {
    const t = await createTestApp();
    try {
      const port = await listen(t.app);
      const tries: Record<string, string>[] = [
        {},
        { authorization: "Bearer " },
        { authorization: `Bearer ${TOKEN}` },
      ];
      for (const headers of tries) {
        const res = await send(port, "/metrics", { headers });
        expect(res.status).toBe(404);
        expect(res.body.toString()).not.toContain("scriptorium_");
      }
    } finally {
      await t.close();
    }
  });

  it("answers only GET: other methods never run the scrape", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await target.send("/metrics", {
        method,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.body.toString()).not.toContain("scriptorium_http");
    }
  });
});

describe("labels never hold a request's path", () => {
  it("hostile, secret and random paths leave only route patterns in the scrape", async () => {
    const marker = "zz-label-probe";
    const paths = [
      `/api/resources/${marker}-secret-name.tex`,
      `/api/resources/../../${marker}-dots`,
      `/api/resources/%2e%2e/%2e%2e/${marker}-enc`,
      `/api/raw/${marker}%00nul`,
      `/api/resources/${enc(`${marker} spaces and "quotes" \\ back`)}`,
      `/api/${marker}-unknown-route`,
      `/${marker}-web-page?x=${marker}-query`,
      `/api/tus/${marker}-upload.bin`,
      `/dav/${marker}-dav/`,
      `/api/public/share/${marker}-hash`,
      `/${marker}${"-long".repeat(400)}`,
      `/api/resources/${enc(`${marker}-\u202Eevil\u0301`)}`,
      `/api/resources/${marker}-${SECRET}`,
      `/api/resources/eve/${marker}-${EVE_SECRET}`,
    ];
    for (let i = 0; i < 100; i++)
      paths.push(`/api/resources/${marker}-random-${i}-${Math.random()}`);
    for (const p of paths) {
      await target.as("ada", p);
      await target.as(undefined, p, { method: "PATCH" });
    }
    const text = await scrape();
    expect(text).not.toContain(marker);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(EVE_SECRET);
    expect(text).not.toContain("ada");
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    // A handful of patterns, not one label per path sent.
    expect(routes.size).toBeLessThan(30);
    for (const route of routes) expect(route).toMatch(/^(\/[\w\-.:*]*)+$|^\(unmatched\)$/);
  });

  it("no label holds a user name, a token or a header sent", async () => {
    await target.as("eve", "/api/resources/", { headers: { "user-agent": "zz-agent-probe" } });
    const text = await scrape();
    const values = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(["eve", "ada", "admin"]).not.toContain(value);
      for (const sent of ["zz-agent-probe", target.tokens.eve, target.tokens.ada]) {
        expect(value).not.toContain(sent);
      }
    }
    expect(text).not.toContain("zz-agent-probe");
    expect(text).not.toContain(target.tokens.eve);
  });
});

describe("/health and /ready reveal nothing", () => {
  it("answer fixed words only, without a session, uncached", async () => {
    const health = await target.send("/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: "OK" });
    const ready = await target.send("/ready");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toEqual({
      status: "ready",
      database: "ok",
      files: "ok",
    });
    for (const res of [health, ready]) {
      expect(res.headers["cache-control"]).toBe("no-store");
      const text = res.body.toString();
      expect(text).not.toMatch(/\d+\.\d+\.\d+|sqlite|postgres|node|\//i);
    }
  });

  it("a failed check is named without its reason or any path", async () => {
    const root = target.t.root;
    await rename(root, root + ".away");
    try {
      const res = await send(target.port, "/ready");
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body.toString())).toEqual({
        status: "not ready",
        database: "ok",
        files: "failed",
      });
      const text = res.body.toString();
      for (const p of target.serverPaths) expect(text).not.toContain(p);
      expect(text).not.toMatch(/ENOENT|error|files\.away|\//i);
    } finally {
      await rename(root + ".away", root);
    }
  });

  it("while shutting down: 503 with nothing more", async () => {
    const t = await createTestApp();
    try {
      const port = await listen(t.app);
      servicesOf(t.app)?.readiness.drain();
      const res = await send(port, "/ready");
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body.toString())).toEqual({
        status: "shutting down",
        database: "ok",
        files: "ok",
      });
    } finally {
      await t.close();
    }
  });

  it("hostile queries, bodies and methods change nothing", async () => {
    for (const url of [
      "/ready?verbose=1",
      "/ready?__proto__[x]=1",
      "/health?check=database",
      `/ready/${"x".repeat(5000)}`,
      "/ready/../metrics",
      "/health%00",
    ]) {
      const res = await target.send(url);
      expect(res.body.toString()).not.toContain("scriptorium_");
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await target.send("/ready", { method, body: '{"status":"down"}' });
      expectSafe(target, res, `${method} /ready`);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect((await target.send("/ready")).status).toBe(200);
  });
});
