import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { memoryReducingCollection, trimMemoryWhenIdle } from "./idle-memory.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("trimMemoryWhenIdle", () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  function appWith(
    idleMs: number,
    minGapMs: number,
    passes?: { passes: number; passGapMs: number },
  ) {
    const app = Fastify();
    apps.push(app);
    const trims: number[] = [];
    const trim = () => void trims.push(Date.now());
    const stop = trimMemoryWhenIdle(app, { idleMs, minGapMs, trim, ...passes });
    app.addHook("onClose", (_instance, done) => {
      stop();
      done();
    });
    app.get("/slow", async () => {
      await sleep(idleMs * 3);
      return "ok";
    });
    app.get("/", () => Promise.resolve("ok"));
    return { app, trims };
  }

  it("trims once per quiet spell, and a request re-arms it", async () => {
    const { app, trims } = appWith(40, 0);
    await app.inject("/");
    await sleep(200);
    expect(trims).toHaveLength(1);
    await app.inject("/");
    await sleep(200);
    expect(trims).toHaveLength(2);
  });

  it("counts the quiet from a request's start and from its end", async () => {
    const { app, trims } = appWith(60, 0);
    await sleep(100);
    expect(trims).toHaveLength(1);
    const startedAt = Date.now();
    const ended = app.inject("/slow");
    await ended;
    const endedAt = Date.now();
    await sleep(200);
    // Once 60 ms after the start (the request still running: not counted, see the module), and
    // not again after its end: the next trim waits for the next request.
    expect(trims).toHaveLength(2);
    expect(trims[1]! - startedAt).toBeGreaterThanOrEqual(55);
    expect(trims[1]!).toBeLessThan(endedAt);
  });

  it("lets minGapMs pass between two trims", async () => {
    const { app, trims } = appWith(20, 400);
    await app.inject("/");
    await sleep(100);
    await app.inject("/");
    await sleep(100);
    expect(trims).toHaveLength(1);
    await sleep(400);
    expect(trims).toHaveLength(2);
    expect(trims[1]! - trims[0]!).toBeGreaterThanOrEqual(390);
  });

  it("runs the first spell's passes apart, and one trim in every later spell", async () => {
    const { app, trims } = appWith(20, 0, { passes: 4, passGapMs: 50 });
    await sleep(400);
    expect(trims).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(trims[i]! - trims[i - 1]!).toBeGreaterThanOrEqual(45);
    await app.inject("/");
    await sleep(300);
    expect(trims).toHaveLength(5);
  });

  it("ends a spell's passes when a request starts", async () => {
    const { app, trims } = appWith(20, 10_000, { passes: 4, passGapMs: 150 });
    await sleep(100);
    expect(trims).toHaveLength(1);
    await app.inject("/");
    await sleep(300);
    // The second pass was due 150 ms after the first; the request ended the spell, and the next
    // one waits for minGapMs.
    expect(trims).toHaveLength(1);
  });

  it("goes on with the passes a request ended in the next spell", async () => {
    const { app, trims } = appWith(20, 0, { passes: 3, passGapMs: 150 });
    await sleep(100);
    expect(trims).toHaveLength(1);
    await app.inject("/");
    await sleep(450);
    expect(trims).toHaveLength(3);
    await app.inject("/");
    await sleep(300);
    expect(trims).toHaveLength(4);
  });
});

describe("memoryReducingCollection", () => {
  it("runs V8's collection without --expose-gc on the command line", () => {
    expect(() => memoryReducingCollection()).not.toThrow();
    expect(() => memoryReducingCollection()).not.toThrow();
  });
});
