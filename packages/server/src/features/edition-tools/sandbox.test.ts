import { mkdir, readFile, realpath, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

/**
 * What a tool sees when it runs (bubblewrap): the user's own folder, nothing else of the files
 * root, not the database, not another user's files, not what the rules deny. The stand-in
 * compiler's `%STANDIN:readfile PATH` line tries to read PATH and prints the outcome.
 */
let t: ToolsTarget;
afterEach(() => t.close());

/**
 * What the tool reads: `target` as it is, or, for a path in the running user's own folder, that
 * path as the sandbox shows it (the folder is at /files there).
 */
async function readThroughTool(target: string, as: "ada" | "bob" = "ada"): Promise<string> {
  const scope = as === "ada" ? t.ada : t.bob;
  const real = await realpath(scope);
  const seen = target.startsWith(`${scope}/`) ? `/files${target.slice(scope.length)}` : target;
  const shown = seen.startsWith(`${real}/`) ? `/files${seen.slice(real.length)}` : seen;
  await writeFile(
    path.join(scope, "probe.tex"),
    `%STANDIN:readfile ${shown}\n\\ElencoTestimoni{A}\nTesto\n`,
  );
  const res = await t.app.inject({
    method: "PATCH",
    url: toolUrl("/probe.tex", "m2hv", { override: true }),
    headers: { "x-auth": as === "ada" ? t.adaToken : t.bobToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  const log = await readFile(path.join(scope, "probe_m2hv", "probe.m2hv.log"), "utf8");
  const line = /READ-(OK|FAILED)[^\n]*/.exec(log)?.[0];
  if (!line) throw new Error(`the stand-in printed no READ line:\n${log}`);
  return line;
}

describe("a tool's view of the machine", () => {
  it("reads the user's own files, at /files, and learns nothing of where they are", async () => {
    t = await createToolsTarget();
    await writeFile(path.join(t.ada, "mine.txt"), "ada's words\n");
    expect(await readThroughTool(path.join(t.ada, "mine.txt"))).toBe("READ-OK ada's words");
    // The server's own path of that folder is not there.
    const hostPath = path.join(await realpath(t.ada), "mine.txt");
    await writeFile(
      path.join(t.ada, "probe.tex"),
      `%STANDIN:readfile ${hostPath}\n\\ElencoTestimoni{A}\nTesto\n`,
    );
    const res = await t.app.inject({
      method: "PATCH",
      url: toolUrl("/probe.tex", "m2hv", { override: true }),
      headers: { "x-auth": t.adaToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await readFile(path.join(t.ada, "probe_m2hv", "probe.m2hv.log"), "utf8");
    expect(log).toMatch(/READ-FAILED/);
  });

  it("cannot read another user's folder, in either direction", async () => {
    t = await createToolsTarget();
    await writeFile(path.join(t.bob, "secret.txt"), "bob's secret\n");
    await writeFile(path.join(t.ada, "secret.txt"), "ada's secret\n");
    expect(await readThroughTool(path.join(t.bob, "secret.txt"))).toMatch(/^READ-FAILED/);
    expect(await readThroughTool(path.join(t.ada, "secret.txt"), "bob")).toMatch(/^READ-FAILED/);
  });

  it("cannot read the database or the server's secrets", async () => {
    t = await createToolsTarget();
    expect(await readThroughTool(path.join(t.dir, "test.db"))).toMatch(/^READ-FAILED/);
  });

  it("does not follow a link in the scope that points outside it", async () => {
    t = await createToolsTarget();
    await writeFile(path.join(t.bob, "secret.txt"), "bob's secret\n");
    await symlink(path.join(t.bob, "secret.txt"), path.join(t.ada, "link.txt"));
    expect(await readThroughTool(path.join(t.ada, "link.txt"))).toMatch(/^READ-FAILED/);
  });

  it("does not see what the user's rules deny", async () => {
    t = await createToolsTarget({ adaRules: true });
    await mkdir(path.join(t.ada, "private"));
    await writeFile(path.join(t.ada, "private", "notes.txt"), "denied notes\n");
    const line = await readThroughTool(path.join(t.ada, "private", "notes.txt"));
    expect(line).not.toContain("denied notes");
  });
});
