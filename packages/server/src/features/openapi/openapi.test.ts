import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes, type RouteContract } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { openApiPath } from "./openapi.parts.js";

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  "x-auth": string;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** Method and URL of every route in Fastify's printed radix tree ("│   ├── segment (GET, HEAD)"). */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const segments: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    segments.length = depth;
    segments[depth] = match[2] ?? "";
    for (const method of match[3]?.split(", ") ?? [])
      found.push({ method, url: segments.join("") });
  }
  return found;
}

/** A concrete URL of a contract: `:id` → 1, other params → "x", the wildcard → a file name. */
function sampleUrl(contract: RouteContract): string {
  return contract.url.replace(":id", "1").replace(/:\w+/g, "x").replace(/\*$/, "some-file.txt");
}

let ctx: TestContext;
let doc: Document;
let body: string;

beforeAll(async () => {
  ctx = await createTestApp({ app: { version: "9.8.7" } });
  const res = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  body = res.body;
  doc = res.json<Document>();
});
afterAll(() => ctx.close());

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without login", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(body) as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("9.8.7");
  });

  it("documents every route the app registers (HEAD through its GET)", () => {
    // WebDAV (/dav/) is RFC 4918's protocol, with methods OpenAPI cannot name (PROPFIND…).
    const all = registeredRoutes(ctx.app.printRoutes());
    expect(all.some((r) => r.url.startsWith("/dav"))).toBe(true);
    const registered = all.filter((r) => !r.url.startsWith("/dav"));
    expect(registered.length).toBeGreaterThan(25);
    const missing = registered.filter(({ method, url }) => {
      const item = doc.paths[openApiPath(url)];
      return !item?.[method === "HEAD" ? "get" : method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it("has one operation per contract, each of them a registered route", () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op.operationId).sort()).toEqual(Object.keys(routes).sort());
    for (const contract of Object.values(routes)) {
      expect(ctx.app.hasRoute({ method: contract.method, url: contract.url }), contract.url).toBe(
        true,
      );
    }
  });

  it("turns wildcards and :params into path parameters and names the auth mode", () => {
    const get = doc.paths["/api/resources/{path}"]?.get;
    expect(get?.parameters).toContainEqual(
      expect.objectContaining({ name: "path", in: "path", required: true }),
    );
    expect(get?.parameters).toContainEqual(expect.objectContaining({ name: "checksum" }));
    expect(get?.security).toEqual([{ XAuth: [] }, { AuthQuery: [] }, { AuthCookie: [] }]);
    expect(get?.responses["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Resource",
    });
    expect(get?.responses["404"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ErrorBody",
    });
    const preview = doc.paths["/api/preview/{size}/{path}"]?.get;
    expect(preview?.parameters?.filter((p) => p.in === "path").map((p) => p.name)).toEqual([
      "size",
      "path",
    ]);
    expect(doc.paths["/api/settings"]?.put?.["x-auth"]).toBe("admin");
    expect(doc.paths["/api/login"]?.post?.security).toEqual([]);
    const tusHeaders = doc.paths["/api/tus/{path}"]?.patch?.parameters;
    expect(tusHeaders).toContainEqual(
      expect.objectContaining({ name: "Upload-Offset", in: "header" }),
    );
  });
});

describe("the auth mode of each contract", () => {
  it.each(Object.entries(routes))("%s: a request without a token", async (_name, contract) => {
    const res = await ctx.app.inject({ method: contract.method, url: sampleUrl(contract) });
    if (contract.auth === "none") expect(res.statusCode).not.toBe(401);
    else expect(res.statusCode).toBe(401);
  });

  it("an admin route refuses a user who is not an administrator", async () => {
    await ctx.createUser({ username: "plain", password: "plain-password-123" });
    const token = await ctx.login("plain", "plain-password-123");
    const res = await ctx.app.inject({
      method: "GET",
      url: routes.getSettings.url,
      headers: { "X-Auth": token },
    });
    expect(res.statusCode).toBe(403);
  });
});
