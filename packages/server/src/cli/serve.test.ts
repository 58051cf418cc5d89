import { ServerSettingsBodySchema, SettingsBodySchema } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./args.js";
import { ServeFlags, serveOptions } from "./serve.js";

const parsed = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  serveOptions(parseCommandLine(argv, ServeFlags, env, "").values);

describe("--unsandboxed-programs (issue 27)", () => {
  it("is off unless given as a flag or SCRIPTORIUM_UNSANDBOXED_PROGRAMS", () => {
    expect(parsed([]).unsandboxedPrograms).toBe(false);
    expect(parsed(["--unsandboxed-programs"]).unsandboxedPrograms).toBe(true);
    expect(parsed([], { SCRIPTORIUM_UNSANDBOXED_PROGRAMS: "1" }).unsandboxedPrograms).toBe(true);
    expect(parsed([], { SCRIPTORIUM_UNSANDBOXED_PROGRAMS: "0" }).unsandboxedPrograms).toBe(false);
    expect(() => parsed([], { SCRIPTORIUM_UNSANDBOXED_PROGRAMS: "maybe" })).toThrow(
      /SCRIPTORIUM_UNSANDBOXED_PROGRAMS expects true or false/,
    );
  });

  it("cannot be set from the browser: no settings body carries it", () => {
    for (const schema of [SettingsBodySchema, ServerSettingsBodySchema]) {
      expect(JSON.stringify(schema)).not.toMatch(/unsandbox|sandbox/i);
    }
  });
});

describe("--login-limit", () => {
  it("is 30 a minute unless given, and refuses what is not a positive whole number", () => {
    expect(parsed([]).loginLimit).toBe(30);
    expect(parsed(["--login-limit", "600"]).loginLimit).toBe(600);
    expect(parsed([], { SCRIPTORIUM_LOGIN_LIMIT: "90" }).loginLimit).toBe(90);
    expect(() => parsed(["--login-limit", "0"])).toThrow();
    expect(() => parsed(["--login-limit", "many"])).toThrow();
  });
});
