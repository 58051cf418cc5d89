import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allPermissions } from "@scriptorium/shared";
import type { UserRecord } from "../users/users.store.js";
import { signToken, verifyToken } from "./tokens.js";

const user = {
  id: 7,
  username: "ada",
  locale: "en",
  viewMode: "list",
  singleClick: false,
  perm: allPermissions(),
  commands: [],
  lockPassword: false,
  hideDotfiles: false,
  dateFormat: false,
} as unknown as UserRecord;

afterEach(() => vi.useRealTimers());

describe("verifyToken", () => {
  it("answers a token sent again with the same frozen claims", async () => {
    const secret = randomBytes(64);
    const token = await signToken(secret, user, "s1", Date.now() + 60_000);
    const first = await verifyToken(secret, token);
    expect(first?.sid).toBe("s1");
    expect(await verifyToken(secret, token)).toBe(first);
    expect(Object.isFrozen(first!.user.perm)).toBe(true);
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const secret = randomBytes(64);
    const token = await signToken(secret, user, "s1", Date.now() + 5_000);
    expect(await verifyToken(secret, token)).toBeDefined();
    vi.setSystemTime(Date.now() + 6_000);
    expect(await verifyToken(secret, token)).toBeUndefined();
  });

  it("never takes a token remembered under one secret for another's", async () => {
    const token = await signToken(randomBytes(64), user, "s1", Date.now() + 60_000);
    const [one, two] = [randomBytes(64), randomBytes(64)];
    const signed = await signToken(one, user, "s2", Date.now() + 60_000);
    expect(await verifyToken(one, signed)).toBeDefined();
    expect(await verifyToken(two, signed)).toBeUndefined();
    expect(await verifyToken(one, token)).toBeUndefined();
  });

  it("refuses a token whose signature was changed, even after its original was accepted", async () => {
    const secret = randomBytes(64);
    const token = await signToken(secret, user, "s1", Date.now() + 60_000);
    expect(await verifyToken(secret, token)).toBeDefined();
    const last = token.at(-2) === "A" ? "B" : "A";
    const forged = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await verifyToken(secret, forged)).toBeUndefined();
  });
});
