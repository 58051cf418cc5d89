import { lstat, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolRunResult } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorOf } from "../../test/helpers.js";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

let t: ToolsTarget;
beforeEach(async () => {
  t = await createToolsTarget();
});
afterEach(() => t.close());

const run = (url: string, token = t.adaToken) =>
  t.app.inject({ method: "PATCH", url, headers: { "x-auth": token } });
const result = (res: { json: <T>() => T }) => res.json<ToolRunResult>();
const inAda = (p: string) => path.join(t.ada, p);
const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

describe("m2hv, m2lv, m2ledmac", () => {
  it("m2hv writes into <name>_m2hv with its log and an index.html opening <name>-1f.htm", async () => {
    const res = await run(toolUrl("/docs/varia-de-centris.tex", "m2hv"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const body = result(res);
    expect(body).toMatchObject({
      log: "/docs/varia-de-centris_m2hv/varia-de-centris.m2hv.log",
      exitCode: 0,
      ok: true,
      diagnostics: [],
      output: "/docs/varia-de-centris_m2hv/index.html",
    });
    const dest = inAda("docs/varia-de-centris_m2hv");
    const files = await readdir(dest);
    expect(files).toContain("varia-de-centris-1f.htm");
    expect(files).not.toContain("varia-de-centris.tex"); // the copy is removed
    const log = await readFile(path.join(dest, "varia-de-centris.m2hv.log"), "utf8");
    expect(log).toMatch(
      /^EXECUTING: m2hv \.\/varia-de-centris\.tex\nSOURCE: \/docs\/varia-de-centris\.tex\n----\n/,
    );
    expect(log).toContain('argv: ["./varia-de-centris.tex"]');
    expect(await readFile(path.join(dest, "index.html"), "utf8")).toContain(
      'url=varia-de-centris-1f.htm"',
    );
  });

  it("answers 409 when the output folder exists, and writes into it with override", async () => {
    expect((await run(toolUrl("/docs/citlonga.tex", "m2hv"))).statusCode).toBe(200);
    const again = await run(toolUrl("/docs/citlonga.tex", "m2hv"));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("ALREADY_EXISTS");
    const over = await run(toolUrl("/docs/citlonga.tex", "m2hv", { override: true }));
    expect(over.statusCode).toBe(200);
  });

  it("passes the options typed, as words, and returns the witness view page", async () => {
    const res = await run(
      toolUrl("/docs/varia-de-centris.tex", "m2hv", { commandline: "-v -s A+ -c A,G L2" }),
    );
    const body = result(res);
    expect(res.statusCode).toBe(200);
    const log = await readFile(
      inAda("docs/varia-de-centris_m2hv/varia-de-centris.m2hv.log"),
      "utf8",
    );
    expect(log).toContain('argv: ["-v","-s","A+","-c","A,G","L2","./varia-de-centris.tex"]');
    expect(body.output).toBe("/docs/varia-de-centris_m2hv/varia-de-centris-1-A+-s.htm");
    // -v warnings are warnings, placed in the source.
    expect(body.diagnostics.length).toBeGreaterThan(0);
    expect(body.diagnostics.every((d) => d.severity === "warning")).toBe(true);
    expect(body.diagnostics[0]?.file).toBe("/docs/varia-de-centris.tex");
    expect(body.ok).toBe(true);
  });

  it("judges success from the output: exit 0 with errors is not ok, and the errors point at the source", async () => {
    await writeFile(
      inAda("docs/broken.tex"),
      "\\documentclass{article}\n\\begin{document}\n\\htmlcut Testo \\VV{} fine\n\\end{document}\n",
    );
    const res = await run(toolUrl("/docs/broken.tex", "m2hv"));
    expect(res.statusCode).toBe(200);
    const body = result(res);
    expect(body.exitCode).toBe(0);
    expect(body.ok).toBe(false);
    expect(body.diagnostics).toEqual([
      expect.objectContaining({ file: "/docs/broken.tex", line: 3, severity: "error" }),
    ]);
    expect(body.output).toBeUndefined();
  });

  it("m2lv and m2ledmac write <name>.m.tex", async () => {
    for (const tool of ["m2lv", "m2ledmac"]) {
      const res = await run(
        toolUrl("/docs/citlonga.tex", tool, {
          commandline: tool === "m2lv" ? "-p standard" : "-v",
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(result(res)).toMatchObject({
        ok: true,
        output: `/docs/citlonga_${tool}/citlonga.m.tex`,
      });
    }
  });

  it("offers the tools for .tex in any letter case, and only on files", async () => {
    await writeFile(inAda("docs/Upper.TEX"), await readFile(inAda("docs/citlonga.tex")));
    const upper = await run(
      toolUrl("/docs/Upper.TEX", "m2hv", { destination: "/docs/Upper_m2hv" }),
    );
    expect(upper.statusCode, upper.body).toBe(200);
    expect(result(upper).ok).toBe(true);
    await writeFile(inAda("docs/notes.txt"), "x");
    expect(
      (await run(toolUrl("/docs/notes.txt", "m2hv", { destination: "/docs/n" }))).statusCode,
    ).toBe(400);
    expect((await run(toolUrl("/docs", "m2hv", { destination: "/docs/n" }))).statusCode).toBe(400);
    expect((await run(toolUrl("/docs/missing.tex", "m2hv"))).statusCode).toBe(404);
  });

  it("refuses the root of the files as output folder", async () => {
    const res = await run(toolUrl("/docs/citlonga.tex", "m2hv", { destination: "/" }));
    expect(res.statusCode).toBe(400);
  });
});

describe("the command line", () => {
  const bad = [
    ";ls",
    "-s A;ls",
    "$(id)",
    "-s $(id)",
    "`id`",
    "-t `id`",
    "-f /etc/passwd",
    "-f ../../bob/secret.txt",
    "--output x",
    "other.tex",
    "-s",
    "-q",
    "-p evil",
    "-s A|B",
    "-s 'A'",
    "-s A\nB",
    "-c A B;rm",
  ];
  it.each(bad)("refuses %j with 400 and runs nothing", async (commandline) => {
    const res = await run(
      toolUrl("/docs/citlonga.tex", commandline.includes("-p") ? "m2lv" : "m2hv", { commandline }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(await exists(inAda("docs/citlonga_m2hv"))).toBe(false);
    expect(await exists(inAda("docs/citlonga_m2lv"))).toBe(false);
  });

  it("gives -f a file of the user's own, by its path in the sandbox (no path of the server's)", async () => {
    await writeFile(inAda("docs/conf.txt"), "configurazione\n");
    const res = await run(toolUrl("/docs/citlonga.tex", "m2hv", { commandline: "-f conf.txt" }));
    expect(res.statusCode, res.body).toBe(200);
    const log = await readFile(inAda("docs/citlonga_m2hv/citlonga.m2hv.log"), "utf8");
    expect(log).toContain(JSON.stringify("/files/docs/conf.txt"));
    expect(log).not.toContain(await realAda());
  });
});

async function realAda(): Promise<string> {
  const { realpath } = await import("node:fs/promises");
  return realpath(t.ada);
}

describe("configuration", () => {
  it("answers 400 for an unknown tool", async () => {
    const res = await run(toolUrl("/docs/citlonga.tex", "m2evil"));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain("m2evil");
  });

  it("answers 501 naming a tool whose program is missing, 403 for one switched off", async () => {
    const admin = await t.login();
    const settings = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<{
      tools: { tools: { name: string; executable: string; enabled: boolean }[] };
    }>();
    const m2lv = settings.tools.tools.find((x) => x.name === "m2lv");
    const m2hv = settings.tools.tools.find((x) => x.name === "m2hv");
    if (!m2lv || !m2hv) throw new Error("default tools missing");
    m2lv.executable = "m2lv-not-installed";
    m2hv.enabled = false;
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { "x-auth": admin },
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);

    const missing = await run(toolUrl("/docs/citlonga.tex", "m2lv"));
    expect(missing.statusCode).toBe(501);
    expect(errorOf(missing).message).toContain("m2lv");
    expect(errorOf(missing).message).toContain("m2lv-not-installed");
    const off = await run(toolUrl("/docs/citlonga.tex", "m2hv"));
    expect(off.statusCode).toBe(403);
    expect(await exists(inAda("docs/citlonga_m2hv"))).toBe(false);
  });

  it("keeps the tools when a File Browser client saves settings without them", async () => {
    const admin = await t.login();
    const settings = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<Record<string, unknown>>();
    delete settings.tools;
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { "x-auth": admin },
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    expect((await run(toolUrl("/docs/citlonga.tex", "m2hv"))).statusCode).toBe(200);
  });
});

describe("hooks of the tools", () => {
  it("a failing before_mauro:m2hv hook refuses the run; after_mauro:m2hv sees the output folder", async () => {
    await t.close();
    t = await createToolsTarget();
    const { createSettingsStore } = await import("../settings/settings.store.js");
    const store = createSettingsStore(t.db);
    await store.setServerConfig({ ...(await store.getServerConfig()), enableExec: true });
    const settings = await store.getSettings();
    settings.commands["before_mauro:m2hv"] = ["false"];
    await store.setSettings(settings);
    const refused = await run(toolUrl("/docs/citlonga.tex", "m2hv"));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("HOOK_REFUSED");
    expect(await exists(inAda("docs/citlonga_m2hv"))).toBe(false);

    settings.commands["before_mauro:m2hv"] = [];
    settings.commands["after_mauro:m2hv"] = ['sh -c "ls \\"$DESTINATION\\" > after-tool.txt"'];
    await store.setSettings(settings);
    expect((await run(toolUrl("/docs/citlonga.tex", "m2hv"))).statusCode).toBe(200);
    expect(await hookWrote("after-tool.txt")).toContain("citlonga.m2hv.log");
  });

  it("a pipeline's hooks are keyed by its name (before_mauro:m2lv-pdf, after_mauro:m2lv-pdf)", async () => {
    const { createSettingsStore } = await import("../settings/settings.store.js");
    const store = createSettingsStore(t.db);
    await store.setServerConfig({ ...(await store.getServerConfig()), enableExec: true });
    const settings = await store.getSettings();
    settings.commands["before_mauro:m2lv-pdf"] = ["false"];
    await store.setSettings(settings);
    const refused = await run(toolUrl("/docs/citlonga.tex", "m2lv-pdf"));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("HOOK_REFUSED");
    expect(await exists(inAda("docs/citlonga_m2lv-pdf"))).toBe(false);

    settings.commands["before_mauro:m2lv-pdf"] = [];
    settings.commands["after_mauro:m2lv-pdf"] = ['sh -c "ls \\"$DESTINATION\\" > after-pdf.txt"'];
    await store.setSettings(settings);
    const res = await run(toolUrl("/docs/citlonga.tex", "m2lv-pdf"));
    expect(res.statusCode, res.body).toBe(200);
    expect(result(res).ok).toBe(true);
    const listed = await hookWrote("after-pdf.txt");
    expect(listed).toContain("citlonga.m2lv-pdf.log");
    expect(listed).toContain("citlonga.m.pdf");
  }, 60_000);
});

/** What an after-hook wrote into `name` in ada's folder, once it has written it. */
async function hookWrote(name: string): Promise<string> {
  let text = "";
  for (let i = 0; i < 100 && text === ""; i++) {
    text = await readFile(inAda(name), "utf8").catch(() => "");
    if (text === "") await new Promise((r) => setTimeout(r, 100));
  }
  return text;
}

describe("GET /api/mauro/help/{tool}", () => {
  it("returns the tool's -h text", async () => {
    const res = await t.app.inject({
      url: "/api/mauro/help/m2hv",
      headers: { "x-auth": t.adaToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/-s/);
    expect(res.body).toMatch(/m2hv/);
  });

  it("is 404 for an unknown tool and 401 without a session", async () => {
    expect(
      (await t.app.inject({ url: "/api/mauro/help/nope", headers: { "x-auth": t.adaToken } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: "/api/mauro/help/m2hv" })).statusCode).toBe(401);
  });
});

describe("limits", () => {
  it("kills a tool at its timeout and says so in the log", async () => {
    await t.close();
    t = await createToolsTarget({
      tools: (tools) => {
        const m2hv = tools.find((x) => x.name === "m2hv");
        if (m2hv) m2hv.timeoutSeconds = 1;
      },
    });
    await writeFile(inAda("docs/slow.tex"), "%STANDIN:sleep 30\n\\ElencoTestimoni{A}\nTesto\n");
    const res = await run(toolUrl("/docs/slow.tex", "m2hv"));
    expect(res.statusCode).toBe(200);
    expect(result(res)).toMatchObject({ exitCode: null, ok: false });
    expect(await readFile(inAda("docs/slow_m2hv/slow.m2hv.log"), "utf8")).toContain(
      "time limit of 1 s",
    );
    expect(await exists(inAda("docs/slow_m2hv/slow.tex"))).toBe(false);
  });

  it("answers 429 when the user already runs as many tools as allowed", async () => {
    await t.close();
    const { createRunner } = await import("../../runner/runner.js");
    t = await createToolsTarget({ app: { runner: createRunner({ maxPerOwner: 1 }) } });
    await writeFile(inAda("docs/slow.tex"), "%STANDIN:sleep 2\n\\ElencoTestimoni{A}\nTesto\n");
    const first = run(toolUrl("/docs/slow.tex", "m2hv"));
    await new Promise((r) => setTimeout(r, 300));
    const second = await run(toolUrl("/docs/citlonga.tex", "m2hv"));
    expect(second.statusCode).toBe(429);
    expect(errorOf(second).code).toBe("TOO_MANY_RUNS");
    expect((await first).statusCode).toBe(200);
    // Another user is not held up by ada's run.
    await mkdir(path.join(t.bob, "d"), { recursive: true });
  });
});
