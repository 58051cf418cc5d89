import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRunner } from "../../runner/runner.js";
import {
  createToolsTarget,
  SUPPORT_FOLDER,
  toolUrl,
  type ToolsTarget,
} from "../../test/tools-target.js";
import { createFontCache } from "./font-cache.js";
import { prepareTexSupport } from "./tex-support.js";

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

describe("what a LaTeX run sees of the support folders and the font cache", () => {
  it("reads them and TeX Live's METAFONT base, writes only its own font folder", async () => {
    t = await createToolsTarget();
    const runner = createRunner();
    const support = await mkdtemp(path.join(tmpdir(), "scriptorium-support-"));
    const cache = await mkdtemp(path.join(tmpdir(), "scriptorium-cache-"));
    await writeFile(path.join(support, "mauro.sty"), "% a style\n");
    await writeFile(path.join(cache, "mauro.tfm"), "cached metrics\n");
    const tex = await prepareTexSupport({
      supportFolders: [support],
      cacheDir: cache,
      sandboxed: true,
    });
    try {
      const script = [
        "cat /texmf-support/0/mauro.sty /texmf-fonts/cache/mauro.tfm",
        "test -r /var/lib/texmf/web2c/metafont/mf.base && echo BASE-OK",
        "for d in /texmf-support/0 /texmf-fonts/cache /texmf-fonts/made; do",
        '  if echo x > "$d/evil.tfm"; then echo "WROTE $d"; else echo "REFUSED $d"; fi',
        "done",
        'rm -f /texmf-fonts/cache/mauro.tfm && echo "REMOVED" || echo "KEPT"',
      ].join("\n");
      const outcome = await runner.run({
        owner: "test",
        executable: "sh",
        args: ["-c", script],
        binds: tex.binds,
        timeoutMs: 10_000,
      });
      expect(outcome.output).toContain("% a style");
      expect(outcome.output).toContain("cached metrics");
      expect(outcome.output).toContain("BASE-OK");
      expect(outcome.output).toContain("REFUSED /texmf-support/0");
      expect(outcome.output).toContain("REFUSED /texmf-fonts/cache");
      expect(outcome.output).toContain("WROTE /texmf-fonts/made");
      expect(outcome.output).toContain("KEPT");
      expect(await readdir(support)).toEqual(["mauro.sty"]);
      expect(await readdir(cache)).toEqual(["mauro.tfm"]);
      expect(await readdir(tex.made)).toEqual(["evil.tfm"]);
    } finally {
      await tex.dispose();
      await rm(support, { recursive: true, force: true });
      await rm(cache, { recursive: true, force: true });
    }
  });

  it("what a run leaves in its font folder is never copied: the cache gets a clean build", async () => {
    t = await createToolsTarget();
    const runner = createRunner();
    const made = await mkdtemp(path.join(tmpdir(), "scriptorium-made-"));
    const cache = await mkdtemp(path.join(tmpdir(), "scriptorium-cache-"));
    try {
      // A poisoned metric file under the support font's name, one no clean build makes, and a
      // link to a file of the server.
      await writeFile(path.join(made, "mauro.tfm"), "poisoned metrics\n");
      await writeFile(path.join(made, "evil.tfm"), "evil\n");
      await symlink("/etc/passwd", path.join(made, "mauro.600pk"));
      const kept = await createFontCache(runner, cache).promote(made, {
        owner: "test",
        supportFolders: [SUPPORT_FOLDER],
        sandboxed: true,
      });
      expect(kept.sort()).toEqual(["mauro.600pk", "mauro.tfm"]);
      expect((await readdir(cache)).sort()).toEqual(["mauro.600pk", "mauro.tfm"]);
      expect(await readFile(path.join(cache, "mauro.tfm"), "utf8")).not.toContain("poisoned");
      expect(await readFile(path.join(cache, "mauro.600pk"), "latin1")).not.toContain("root:");
      // Once kept, a font is not built again.
      expect(
        await createFontCache(runner, cache).promote(made, {
          owner: "test",
          supportFolders: [SUPPORT_FOLDER],
          sandboxed: true,
        }),
      ).toEqual([]);
    } finally {
      await rm(made, { recursive: true, force: true });
      await rm(cache, { recursive: true, force: true });
    }
  }, 60_000);
});
