import { afterEach, describe, expect, it } from "vitest";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Share } from "@scriptorium/shared";
import { AppError } from "../errors.js";
import { createRunner, type RunSpec } from "../runner/runner.js";
import { ADMIN_PASSWORD, createTestApp, errorOf, type TestContext } from "../test/helpers.js";
import type { AppOptions } from "../app.js";

/**
 * Several instances behind a balancer (issue 33): two apps on one database and one files folder
 * count brute-force attempts and program runs together, so that an attacker gains nothing by
 * spreading guesses over instances.
 */
let a: TestContext | undefined;
let b: TestContext | undefined;
afterEach(async () => {
  await b?.close();
  await a?.close();
  a = b = undefined;
});

async function twoInstances(app: Partial<AppOptions>): Promise<[TestContext, TestContext]> {
  a = await createTestApp({ app });
  b = await createTestApp({ app, alongside: a });
  return [a, b];
}

const login = (t: TestContext, password: string, ip = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username: "admin", password },
    remoteAddress: ip,
  });

describe("two instances on one database", () => {
  it("wrong passwords through either add up to the per-user limit", async () => {
    const [first, second] = await twoInstances({
      limits: { failedLoginsPerUser: { max: 4, windowMs: 60_000 } },
    });
    for (let i = 0; i < 4; i++) {
      const through = i % 2 === 0 ? first : second;
      expect((await login(through, `wrong-${i}`, `10.0.0.${i}`)).statusCode).toBe(403);
    }
    for (const through of [first, second]) {
      const blocked = await login(through, ADMIN_PASSWORD, "10.0.1.1");
      expect(blocked.statusCode).toBe(429);
      expect(errorOf(blocked).code).toBe("RATE_LIMITED");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("a success on one resets the count the other sees", async () => {
    const [first, second] = await twoInstances({
      limits: { failedLoginsPerUser: { max: 2, windowMs: 60_000 } },
    });
    expect((await login(first, "wrong-1")).statusCode).toBe(403);
    expect((await login(second, ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login(first, "wrong-2")).statusCode).toBe(403);
    // Without the reset, the first instance would hold two failures: the limit.
    expect((await login(first, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it("login requests per address are counted across both", async () => {
    const [first, second] = await twoInstances({
      limits: { loginPerIp: { max: 3, windowMs: 60_000 } },
    });
    const codes: number[] = [];
    for (const through of [first, second, first, second]) {
      codes.push((await login(through, "wrong-password", "192.0.2.9")).statusCode);
    }
    expect(codes).toEqual([403, 403, 403, 429]);
    expect((await login(first, ADMIN_PASSWORD, "192.0.2.10")).statusCode).toBe(200);
  });

  it("wrong share passwords through either add up to the link's limit", async () => {
    const [first, second] = await twoInstances({
      limits: {
        failedSharePasswords: {
          perLinkAndAddress: { max: 3, windowMs: 60_000 },
          perAddress: { max: 50, windowMs: 60_000 },
        },
      },
    });
    await writeFile(path.join(first.root, "notes.txt"), "notes");
    const made = await first.app.inject({
      method: "POST",
      url: "/api/share/notes.txt",
      headers: { "x-auth": await first.login() },
      payload: { password: "link-password-1" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { hash } = made.json<Share>();
    const open = (t: TestContext, password: string) =>
      t.app.inject({
        url: `/api/public/share/${hash}`,
        remoteAddress: "192.0.2.50",
        headers: { "x-share-password": password },
      });
    const codes: number[] = [];
    for (const through of [first, second, first]) {
      codes.push((await open(through, "wrong-guess")).statusCode);
    }
    expect(codes).toEqual([401, 401, 401]);
    expect((await open(second, "link-password-1")).statusCode).toBe(429);
    expect((await open(first, "link-password-1")).statusCode).toBe(429);
  });

  it("public link requests from one address through either add up to the route's limit", async () => {
    const [first, second] = await twoInstances({});
    await writeFile(path.join(first.root, "public.txt"), "public");
    const made = await first.app.inject({
      method: "POST",
      url: "/api/share/public.txt",
      headers: { "x-auth": await first.login() },
      payload: {},
    });
    expect(made.statusCode, made.body).toBe(200);
    const { hash } = made.json<Share>();
    const view = (t: TestContext, ip: string) =>
      t.app.inject({ url: `/api/public/share/${hash}`, remoteAddress: ip });
    // 600 a minute per address (public-share.routes.ts), half through each instance.
    for (let i = 0; i < 600; i++) {
      const res = await view(i % 2 === 0 ? first : second, "192.0.2.77");
      if (res.statusCode !== 200) throw new Error(`request ${i}: ${res.statusCode} ${res.body}`);
    }
    for (const through of [first, second]) {
      const refused = await view(through, "192.0.2.77");
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe("RATE_LIMITED");
    }
    // Another address, and another route from the same address, count on their own.
    expect((await view(second, "192.0.2.78")).statusCode).toBe(200);
    const download = await first.app.inject({
      url: `/api/public/dl/${hash}`,
      remoteAddress: "192.0.2.77",
    });
    expect(download.statusCode).toBe(200);
  });

  it("the server-wide and per-user run limits count the runs of both", async () => {
    const [first, second] = await twoInstances({});
    const runnerOf = (t: TestContext) =>
      createRunner({
        sandbox: "none",
        unsandboxedPrograms: true,
        maxPerOwner: 1,
        maxTotal: 2,
        db: t.db,
      });
    const [one, two] = [runnerOf(first), runnerOf(second)];
    const spec = (owner: string, executable: string, args: string[] = []): RunSpec => ({
      owner,
      executable,
      args,
      timeoutMs: 10_000,
    });
    const long = one.run(spec("user:1", "/bin/sleep", ["2"]));
    await until(async () => (await first.db.selectFrom("running").selectAll().execute()).length);
    // The same user through the other instance: per-user limit.
    const mine = await refusal(two.run(spec("user:1", "/bin/true")));
    expect(mine.code).toBe("TOO_MANY_RUNS");
    expect(mine.message).toContain("You already have 1");
    const second2 = two.run(spec("user:2", "/bin/sleep", ["2"]));
    await until(
      async () => (await first.db.selectFrom("running").selectAll().execute()).length >= 2,
    );
    // A third user on either instance: the server is full.
    for (const runner of [one, two]) {
      const full = await refusal(runner.run(spec("user:3", "/bin/true")));
      expect(full.code).toBe("TOO_MANY_RUNS");
      expect(full.message).toContain("as many tools as it can");
    }
    await Promise.all([long, second2]);
    expect(await first.db.selectFrom("running").selectAll().execute()).toEqual([]);
    expect((await one.run(spec("user:3", "/bin/true"))).exitCode).toBe(0);
  });

  it("runs of an instance gone silent for a minute are counted no more", async () => {
    const [first] = await twoInstances({});
    const runner = createRunner({
      sandbox: "none",
      unsandboxedPrograms: true,
      maxPerOwner: 1,
      maxTotal: 1,
      db: first.db,
    });
    const old = Date.now() - 61_000;
    await first.db
      .insertInto("running")
      .values({ id: "dead", owner: "user:9", instance: "gone", started_at: old, heartbeat_at: old })
      .execute();
    expect((await runner.run(spec9())).exitCode).toBe(0);
    expect(await first.db.selectFrom("running").selectAll().execute()).toEqual([]);
  });
});

const spec9 = (): RunSpec => ({
  owner: "user:1",
  executable: "/bin/true",
  args: [],
  timeoutMs: 10_000,
});

/** The AppError a promise is rejected with; fails if it is fulfilled. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

async function until(check: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("timed out");
}
