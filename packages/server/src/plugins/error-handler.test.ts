import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { loggerOptions } from "../lib/logger.js";
import { registerErrorHandler } from "./error-handler.js";

/** A real Fastify app with our error handler and logger, whose log lines are collected. */
async function appWithRoutes() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = Fastify({ logger: { ...(loggerOptions("info") as object), stream } });
  registerErrorHandler(app);
  app.get("/unexpected", () => {
    const err = new Error("EIO: i/o error, open '/srv/scriptorium/files/ada/secret.tex'");
    throw Object.assign(err, { code: "EIO" });
  });
  app.get("/errno", () => {
    const err = new Error("ENAMETOOLONG: name too long, open '/srv/scriptorium/files/x'");
    throw Object.assign(err, { code: "ENAMETOOLONG" });
  });
  app.get("/missing", () => {
    throw new AppError("NOT_IMPLEMENTED", "The bzip2 tool is not installed");
  });
  app.get("/gone", () => {
    throw new AppError("NOT_FOUND", "No such file or folder");
  });
  await app.ready();
  return { app, lines };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe("error contract", () => {
  it("answers an unexpected failure with a fixed sentence and the request id the log carries", async () => {
    const { app, lines } = await appWithRoutes();
    close = () => app.close();
    const res = await app.inject({ method: "GET", url: "/unexpected" });
    expect(res.statusCode).toBe(500);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ status: 500, code: "INTERNAL" });
    expect(res.body).not.toContain("/srv");
    expect(res.body).not.toContain("EIO");
    expect(typeof body.requestId).toBe("string");
    expect(body.message).toContain(body.requestId);
    const logged = lines.find((l) => l.msg === "request failed");
    expect(logged?.reqId).toBe(body.requestId);
    expect(JSON.stringify(logged)).toContain("secret.tex");
  });

  it("maps known errno codes to a 4xx with a generic message, never a path", async () => {
    const { app } = await appWithRoutes();
    close = () => app.close();
    const res = await app.inject({ method: "GET", url: "/errno" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "NAME_TOO_LONG" });
    expect(res.body).not.toContain("/srv");
  });

  it("derives the status from the code, and keeps the sentence of a 501", async () => {
    const { app } = await appWithRoutes();
    close = () => app.close();
    const missing = await app.inject({ method: "GET", url: "/missing" });
    expect(missing.statusCode).toBe(501);
    expect(missing.json()).toMatchObject({ message: "The bzip2 tool is not installed" });
    const gone = await app.inject({ method: "GET", url: "/gone" });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: "No such file or folder",
    });
  });
});

describe("a missing tool or codec (501)", () => {
  it("is one warning line, without a stack", async () => {
    const { app, lines } = await appWithRoutes();
    close = () => app.close();
    const missing = await app.inject({ method: "GET", url: "/missing" });
    expect(missing.statusCode).toBe(501);
    const about = lines.filter((l) => JSON.stringify(l).includes("bzip2"));
    expect(about).toHaveLength(1);
    expect(about[0]?.level).toBe(40);
    expect(JSON.stringify(about[0])).not.toContain("stack");
    expect(lines.some((l) => (l.level as number) >= 50)).toBe(false);
  });
});
