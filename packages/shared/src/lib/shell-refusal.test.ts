import { describe, expect, it } from "vitest";
import { parseShellRefusal, shellRefusalReason } from "./shell-refusal.js";

describe("shell refusal reasons (issue 31)", () => {
  it("round-trips a code and its detail", () => {
    expect(parseShellRefusal(shellRefusalReason("not-in-commands"))).toEqual({
      code: "not-in-commands",
      detail: "",
    });
    expect(parseShellRefusal(shellRefusalReason("outside", "../a b/c"))).toEqual({
      code: "outside",
      detail: "../a b/c",
    });
  });

  it("fits a WebSocket close reason (123 bytes), cutting whole characters", () => {
    const reason = shellRefusalReason("outside", `../${"è".repeat(200)}`);
    expect(new TextEncoder().encode(reason).length).toBeLessThanOrEqual(123);
    expect(reason).toMatch(/^outside \.\.\/è+$/);
  });

  it("knows nothing of other reasons (an older server's)", () => {
    expect(parseShellRefusal("Command not allowed")).toBeUndefined();
    expect(parseShellRefusal("")).toBeUndefined();
  });
});
