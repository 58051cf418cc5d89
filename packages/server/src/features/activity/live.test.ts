import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityWorld, openStream, type ActivityWorld } from "../../test/activity-world.js";

let w: ActivityWorld;
let port: number;
beforeEach(async () => {
  w = await activityWorld({ app: { live: { heartbeatMs: 150, checkMs: 100, maxPerUser: 2 } } });
  port = await w.serve();
});
afterEach(() => w.t.close());

const cookie = (token: string) => ({ cookie: `auth=${token}` });

describe("GET /api/events", () => {
  it("a colleague's change reaches an open stream (the auth cookie, as EventSource sends it)", async () => {
    const stream = await openStream(port, cookie(w.tokens.ada));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe("text/event-stream; charset=utf-8");
    await w.upload("bob", "/docs/colleague.txt", "hello");
    const change = await stream.waitFor((c) => c.path === "/docs/colleague.txt");
    expect(change).toMatchObject({ action: "upload", user: "bob" });
    expect(Date.parse(change.time)).toBeGreaterThan(Date.now() - 10_000);
    // Heartbeats keep it open.
    await new Promise((r) => setTimeout(r, 400));
    expect(stream.raw()).toContain(": ping");
    stream.close();
  });

  it("never carries a change about a path the stream's user may not see", async () => {
    const bob = await openStream(port, cookie(w.tokens.bob));
    const carol = await openStream(port, cookie(w.tokens.carol));
    await w.create("ada", "/private/new-secret.txt");
    await w.patch("ada", "/private/secret.txt", "rename", "/private/renamed.txt");
    await w.create("ada", "/docs/after.txt");
    await bob.waitFor((c) => c.path === "/docs/after.txt");
    expect(bob.changes.map((c) => c.path)).toEqual(["/docs/after.txt"]);
    expect(bob.raw()).not.toContain("private");
    expect(bob.raw()).not.toContain("secret");
    await new Promise((r) => setTimeout(r, 200));
    expect(carol.changes).toEqual([]);
    bob.close();
    carol.close();
  });

  it("a move out of a denied folder shows only where it went", async () => {
    const bob = await openStream(port, cookie(w.tokens.bob));
    await w.patch("ada", "/private/secret.txt", "rename", "/docs/public.txt");
    const change = await bob.waitFor((c) => c.to === "/docs/public.txt");
    expect(change).toMatchObject({ action: "move", path: "" });
    expect(bob.raw()).not.toContain("secret");
    expect(await w.activity("bob")).toEqual([
      expect.objectContaining({ action: "move", path: "", to: "/docs/public.txt" }),
    ]);
    bob.close();
  });

  it("ends when the session is revoked; ?auth= works; no token is 401; a cap per user", async () => {
    const byQuery = await openStream(port, {}, `?auth=${w.tokens.ada}`);
    expect(byQuery.status).toBe(200);
    const second = await openStream(port, { "x-auth": w.tokens.ada });
    expect(second.status).toBe(200);
    const third = await openStream(port, cookie(w.tokens.ada));
    expect(third.status).toBe(429);
    expect((await openStream(port, {})).status).toBe(401);
    expect((await w.call("ada", "POST", "/api/logout")).statusCode).toBeLessThan(300);
    await Promise.all([byQuery.ended, second.ended]);
  });

  it("the client leaving frees its place", async () => {
    const first = await openStream(port, cookie(w.tokens.carol));
    const second = await openStream(port, cookie(w.tokens.carol));
    first.close();
    second.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(port, cookie(w.tokens.carol));
    expect(again.status).toBe(200);
    again.close();
  });

  it("an open stream does not hold the server when it closes", async () => {
    const open = await openStream(port, cookie(w.tokens.ada));
    await w.t.app.close();
    await open.ended;
  });
});
