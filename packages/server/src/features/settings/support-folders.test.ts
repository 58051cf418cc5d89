import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Settings, Tool } from "@scriptorium/shared";
import { createSettingsStore } from "./settings.store.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

/**
 * `tools.supportFolders` and the PDF pipelines (issue 30) in the global settings: a
 * configuration stored before them reads back with neither support folder nor loss, and gains
 * the pipelines once; PUT checks the folders.
 */
let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterEach(() => t.close());

const get = () =>
  t.app.inject({ method: "GET", url: "/api/settings", headers: { "x-auth": admin } });
const put = (body: unknown) =>
  t.app.inject({
    method: "PUT",
    url: "/api/settings",
    headers: { "x-auth": admin, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
const names = (s: Settings) => s.tools.tools.map((tool) => tool.name);
/** `value` without the keys named. */
function without<T extends object>(value: T, ...keys: string[]): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) as T;
}

/** Writes the settings as a version before issue 30 stored them. */
async function storeOld(edit?: (tools: Tool[]) => Tool[]): Promise<void> {
  const store = createSettingsStore(t.db);
  const settings = without((await get()).json<Settings>(), "programs");
  const old = settings.tools.tools.filter((tool) => tool.kind !== "pdf-pipeline");
  const tools = without(settings.tools, "supportFolders");
  await store.setSettings({
    ...settings,
    tools: { ...tools, tools: edit ? edit(old) : old },
  });
}

describe("an older stored configuration", () => {
  it("reads back with no support folder and gains the two PDF pipelines, its tools kept", async () => {
    await storeOld((tools) =>
      tools.map((tool) => (tool.name === "m2hv" ? { ...tool, timeoutSeconds: 77 } : tool)),
    );
    const settings = (await get()).json<Settings>();
    expect(settings.tools.supportFolders).toEqual([]);
    expect(names(settings)).toEqual([
      "m2hv",
      "m2lv",
      "m2ledmac",
      "pdflatex",
      "m2lv-pdf",
      "m2ledmac-pdf",
    ]);
    expect(settings.tools.tools.find((x) => x.name === "m2hv")?.timeoutSeconds).toBe(77);
    expect(settings.tools.tools.find((x) => x.name === "m2lv-pdf")).toMatchObject({
      kind: "pdf-pipeline",
      steps: ["m2lv", "pdflatex"],
    });
  });

  it("gains them once: removed by the admin, they stay removed", async () => {
    await storeOld();
    const settings = (await get()).json<Settings>();
    const without = settings.tools.tools.filter((x) => x.kind !== "pdf-pipeline");
    const res = await put({ ...settings, tools: { ...settings.tools, tools: without } });
    expect(res.statusCode, res.body).toBe(200);
    expect(names((await get()).json<Settings>())).toEqual(["m2hv", "m2lv", "m2ledmac", "pdflatex"]);
  });

  it("a PUT without tools (File Browser's form) stores the upgraded tools and keeps them", async () => {
    await storeOld();
    const rest = without((await get()).json<Settings>(), "tools");
    expect((await put({ ...rest, signup: true })).statusCode).toBe(200);
    const after = (await get()).json<Settings>();
    expect(after.signup).toBe(true);
    expect(after.tools.supportFolders).toEqual([]);
    expect(names(after)).toContain("m2ledmac-pdf");
  });
});

describe("PUT tools.supportFolders", () => {
  it("stores absolute folders, normalised, each once", async () => {
    const settings = (await get()).json<Settings>();
    const res = await put({
      ...settings,
      tools: {
        ...settings.tools,
        supportFolders: ["/srv/mauro/support/", "/srv/x/../mauro/support", "/opt/tex"],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get()).json<Settings>().tools.supportFolders).toEqual([
      "/srv/mauro/support",
      "/opt/tex",
    ]);
  });

  it("keeps them when a client sends the tools without them (an older export)", async () => {
    const settings = (await get()).json<Settings>();
    await put({ ...settings, tools: { ...settings.tools, supportFolders: ["/srv/support"] } });
    const older = without(settings.tools, "supportFolders");
    expect((await put({ ...settings, tools: older })).statusCode).toBe(200);
    expect((await get()).json<Settings>().tools.supportFolders).toEqual(["/srv/support"]);
  });

  for (const bad of [
    "support",
    "./support",
    "",
    "/srv/a\nb",
    "/srv/a\u0000b",
    "/srv/a:b",
    "/srv/a;b",
  ]) {
    it(`refuses ${JSON.stringify(bad)} with 400 and changes nothing`, async () => {
      const settings = (await get()).json<Settings>();
      const res = await put({
        ...settings,
        signup: true,
        tools: { ...settings.tools, supportFolders: [bad] },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(/support folder/i);
      expect((await get()).json<Settings>()).toEqual(settings);
    });
  }

  it("keeps the hooks of a pipeline (tool names with a dash)", async () => {
    const settings = (await get()).json<Settings>();
    const res = await put({
      ...settings,
      commands: {
        ...settings.commands,
        "before_mauro:m2lv-pdf": ["true"],
        "after_mauro:m2ledmac-pdf": ["true"],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get()).json<Settings>();
    expect(after.commands["before_mauro:m2lv-pdf"]).toEqual(["true"]);
    expect(after.commands["after_mauro:m2ledmac-pdf"]).toEqual(["true"]);
  });
});
