import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./args.js";
import { ServeFlags, serveOptions } from "./serve.js";

const parsed = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  serveOptions(parseCommandLine(argv, ServeFlags, env, "").values);

describe("--shutdown-timeout", () => {
  it("is 30 s unless given, as a duration, and refuses what is not one", () => {
    expect(parsed([]).shutdownTimeoutMs).toBe(30_000);
    expect(parsed(["--shutdown-timeout", "5s"]).shutdownTimeoutMs).toBe(5_000);
    expect(parsed([], { SCRIPTORIUM_SHUTDOWN_TIMEOUT: "2m" }).shutdownTimeoutMs).toBe(120_000);
    expect(() => parsed(["--shutdown-timeout", "soon"])).toThrow(/duration/);
    expect(() => parsed(["--shutdown-timeout", "0s"])).toThrow(/duration/);
  });
});

describe("--metrics-token", () => {
  it("is off unless given; the flag or SCRIPTORIUM_METRICS_TOKEN sets it", () => {
    expect(parsed([]).metricsToken).toBeUndefined();
    const token = "abcdefghijklmnop-0123";
    expect(parsed(["--metrics-token", token]).metricsToken).toBe(token);
    expect(parsed([], { SCRIPTORIUM_METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it("refuses a short token or one with spaces", () => {
    for (const weak of ["short-token", "a token with spaces in it", ""]) {
      expect(() => parsed(["--metrics-token", weak])).toThrow(/at least 16 printable characters/);
    }
  });
});

describe("--trusted-proxies", () => {
  it("is empty unless given; takes addresses and networks, from the flag or the variable", () => {
    expect(parsed([]).trustedProxies).toEqual([]);
    expect(parsed(["--trusted-proxies", "127.0.0.1, 10.0.0.0/8,::1"]).trustedProxies).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(parsed([], { SCRIPTORIUM_TRUSTED_PROXIES: "fd00::/8" }).trustedProxies).toEqual([
      "fd00::/8",
    ]);
  });

  it("refuses what is not an address or a network", () => {
    for (const bad of ["", "localhost", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "1.2.3.4,x"]) {
      expect(() => parsed(["--trusted-proxies", bad]), bad).toThrow(/addresses or networks/);
    }
  });
});
