import { afterEach, expect, it } from "vitest";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

const TOKEN = "metrics-token-0123456789abcdef";
let t: ToolsTarget | undefined;
afterEach(() => t?.close());

it("counts tool runs by tool and result, and the runner's runs by how they ended", async () => {
  t = await createToolsTarget({ app: { metricsToken: TOKEN } });
  const target = t;
  const run = (url: string) =>
    target.app.inject({ method: "PATCH", url, headers: { "x-auth": target.adaToken } });
  expect((await run(toolUrl("/docs/varia-de-centris.tex", "m2hv"))).statusCode).toBe(200);
  // Refused before anything runs (a folder is no .tex file): an error of that tool.
  expect((await run(toolUrl("/docs", "m2lv"))).statusCode).toBe(400);
  // An unknown tool is no label: only configured names are.
  expect((await run(toolUrl("/docs/citlonga.tex", "no-such-tool-name"))).statusCode).toBe(400);

  const scrape = await t.app.inject({
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const text = scrape.body;
  expect(text).toContain('scriptorium_tool_runs_total{tool="m2hv",result="ok"} 1');
  expect(text).toContain('scriptorium_tool_runs_total{tool="m2lv",result="error"} 1');
  expect(text).not.toContain("no-such-tool-name");
  expect(text).not.toContain("varia-de-centris");
  expect(text).toMatch(/scriptorium_program_run_seconds_count\{result="ok"\} [1-9]/);
  expect(text).toContain("scriptorium_programs_running 0");
});
