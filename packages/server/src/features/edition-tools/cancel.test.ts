import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { listen } from "../../test/http.js";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

let t: ToolsTarget;
beforeEach(async () => {
  t = await createToolsTarget();
});
afterEach(() => t.close());

const running = (marker: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(marker));

it("kills the tool when the client goes away, and the log says so", async () => {
  await writeFile(
    path.join(t.ada, "docs", "cancel-probe.tex"),
    "%STANDIN:sleep 60\n\\ElencoTestimoni{A}\nTesto\n",
  );
  const base = `http://127.0.0.1:${await listen(t.app)}`;
  const controller = new AbortController();
  const request = fetch(base + toolUrl("/docs/cancel-probe.tex", "m2hv"), {
    method: "PATCH",
    headers: { "X-Auth": t.adaToken },
    signal: controller.signal,
  }).catch((err: unknown) => err);
  // The first run of a process waits for the runner's look at the machine: wait for the tool.
  for (let i = 0; i < 100 && running("cancel-probe.tex").length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(running("cancel-probe.tex").length).toBeGreaterThan(0);
  controller.abort();
  await request;
  const log = path.join(t.ada, "docs", "cancel-probe_m2hv", "cancel-probe.m2hv.log");
  for (let i = 0; i < 50; i++) {
    const text = await readFile(log, "utf8").catch(() => "");
    if (text.includes("cancelled")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await readFile(log, "utf8")).toContain("---- stopped: cancelled");
  expect(running("cancel-probe.tex")).toEqual([]);
});
