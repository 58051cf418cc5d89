import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@scriptorium/shared";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

let t: ToolsTarget;
beforeEach(async () => {
  t = await createToolsTarget();
});
afterEach(() => t.close());

describe("tool runs in the activity", () => {
  it("names the source, the output folder, the tool and its result", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: toolUrl("/docs/citlonga.tex", "m2hv"),
      headers: { "x-auth": t.adaToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = (
      await t.app.inject({ url: "/api/activity/docs", headers: { "x-auth": t.adaToken } })
    ).json<ActivityEntry[]>();
    expect(lines[0]).toMatchObject({
      action: "tool",
      user: "ada",
      path: "/docs/citlonga.tex",
      to: "/docs/citlonga_m2hv",
      detail: "m2hv: ok",
    });
  });
});
