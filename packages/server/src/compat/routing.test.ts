/**
 * Routes and error shapes the clients meet outside any one feature (API.md Part B §0.2, §0.4,
 * §10.1, §14.6; Part A §2): health, usage, unknown routes and wrong methods.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorBody, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
});
afterEach(() => c.t.close());

describe("health (§0.2)", () => {
  it('answers {"status":"OK"} without a token', async () => {
    const res = await fetch(`${c.base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "OK" });
  });
});

describe("index page (§11.2, §6.2)", () => {
  it("injects window.FileBrowser with the keys the client reads, TusSettings included", async () => {
    for (const route of ["/", "/files/docs/", "/login"]) {
      const res = await fetch(c.base + route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      const json = /window\.FileBrowser=(\{.*?\});/s.exec(html)?.[1];
      expect(json, route).toBeDefined();
      const globals = JSON.parse(json ?? "{}") as Record<string, unknown>;
      expect(globals).toMatchObject({
        AuthMethod: "json",
        BaseURL: "",
        LoginPage: true,
        NoAuth: false,
        Signup: false,
        StaticURL: "/static",
        TusSettings: { chunkSize: 10485760, retryCount: 5 },
        Version: expect.any(String) as string,
      });
      for (const key of ["CSS", "Color", "DisableExternal", "DisableUsedPercentage", "Name"]) {
        expect(globals, key).toHaveProperty(key);
      }
      for (const key of ["EnableExec", "EnableThumbs", "ReCaptcha", "ResizePreview", "Theme"]) {
        expect(globals, key).toHaveProperty(key);
      }
    }
  });
});

describe("base URL (§0.2)", () => {
  it("routes requests with the prefix and without it; the page names the prefix", async () => {
    await c.t.close();
    c = await startCompat(undefined, { baseURL: "/edition/" });
    expect((await c.api("/edition/api/resources/")).status).toBe(200);
    expect((await c.api("/api/resources/")).status).toBe(200);
    const html = await (await fetch(`${c.base}/edition/files/`)).text();
    const globals = JSON.parse(/window\.FileBrowser=(\{.*?\});/s.exec(html)?.[1] ?? "{}") as {
      BaseURL?: string;
      StaticURL?: string;
    };
    expect([globals.BaseURL, globals.StaticURL]).toEqual(["/edition", "/edition/static"]);
  });
});

describe("usage (§10.1)", () => {
  it("gives the volume's total and used bytes for a folder, zeros for a file", async () => {
    const folder = await c.api("/api/usage/");
    expect(folder.status).toBe(200);
    const usage = (await folder.json()) as { total: number; used: number };
    expect(usage.total).toBeGreaterThan(0);
    expect(usage.used).toBeGreaterThanOrEqual(0);
    expect(usage.used).toBeLessThanOrEqual(usage.total);
    await writeFile(path.join(c.scope, "a.txt"), "a");
    expect(await (await c.api("/api/usage/a.txt")).json()).toEqual({ total: 0, used: 0 });
    const missing = await c.api("/api/usage/none/");
    expect(missing.status).toBe(404);
    await errorBody(missing);
  });
});

describe("errors (§0.4, §14.6, Part A §2)", () => {
  it("answers an unknown /api route with a 404 JSON error, never the HTML page", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await c.api("/api/nonexistent", { method });
      expect(res.status, method).toBe(404);
      await errorBody(res);
    }
  });

  it("answers a method a route lacks with a JSON error (the reference: 405)", async () => {
    // Without a body: with one, the JSON body parser answers first (400, "not valid JSON").
    const res = await c.api("/api/tus/x.bin", { method: "PUT" });
    expect([404, 405]).toContain(res.status);
    await errorBody(res);
  });

  it("keeps error messages short and free of server paths", async () => {
    const res = await c.api("/api/resources/none/here.txt");
    expect(res.status).toBe(404);
    const { message } = await errorBody(res);
    expect(message.length).toBeLessThan(200);
    expect(message).not.toContain(c.t.root);
  });
});
