import { describe, expect, it } from "vitest";
import { commitAddonMemoryOnDemand } from "./addon-memory.js";

describe("commitAddonMemoryOnDemand", () => {
  it("asks mimalloc to commit on demand", () => {
    const env: NodeJS.ProcessEnv = {};
    commitAddonMemoryOnDemand(env);
    expect(env.MIMALLOC_EAGER_COMMIT).toBe("0");
  });

  it("keeps the administrator's own setting", () => {
    const env: NodeJS.ProcessEnv = { MIMALLOC_EAGER_COMMIT: "1" };
    commitAddonMemoryOnDemand(env);
    expect(env.MIMALLOC_EAGER_COMMIT).toBe("1");
  });
});
