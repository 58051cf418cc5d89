import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PageGlobals, Settings } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterEach(() => t.close());

const get = (token = admin) =>
  t.app.inject({ method: "GET", url: "/api/settings", headers: { "x-auth": token } });
const put = (body: unknown, token = admin) =>
  t.app.inject({
    method: "PUT",
    url: "/api/settings",
    headers: { "x-auth": token, "content-type": "text/plain;charset=UTF-8" },
    payload: JSON.stringify(body),
  });

describe("GET and PUT /api/settings", () => {
  it("shows the settings with every key and no server secrets", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      [
        "branding",
        "commands",
        "createUserDir",
        "defaults",
        "rules",
        "shell",
        "signup",
        // Ours: the edition tools' configuration (File Browser's clients ignore it).
        "tools",
        // Ours, read-only: how programs run here (bubblewrap, off, or without a sandbox).
        "programs",
        // Ours: the trash's retention (days kept, bytes per user).
        "trash",
        // Ours: versions kept of overwritten files, and how long the activity log is kept.
        "versions",
        "activity",
        // Ours: WebDAV at /dav/ (on, app passwords only, macOS metadata accepted).
        "webdav",
        "tus",
        "userHomeBasePath",
      ].sort(),
    );
    expect(body.tus).toEqual({ chunkSize: 10485760, retryCount: 5 });
    expect(JSON.stringify(body)).not.toMatch(/secret|authMethod|recaptcha/i);
  });

  it("saves the whole object, rounds a fractional chunk size, and the page sees it", async () => {
    const settings = (await get()).json<Settings>();
    const res = await put({
      ...settings,
      signup: true,
      tus: { chunkSize: 1.5 * 1024 * 1024 + 0.4, retryCount: 2 },
      tools: {
        ...settings.tools,
        tools: settings.tools.tools.map((tool) => ({ ...tool, enabled: tool.name !== "m2lv" })),
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = (await get()).json<Settings>();
    expect(saved.signup).toBe(true);
    expect(saved.tus).toEqual({ chunkSize: 1572864, retryCount: 2 });
    const page = await t.app.inject({ method: "GET", url: "/files/" });
    const globals = JSON.parse(
      /window\.FileBrowser=(\{.*?\});/.exec(page.body)?.[1] ?? "{}",
    ) as PageGlobals;
    expect(globals.TusSettings).toEqual({ chunkSize: 1572864, retryCount: 2 });
    expect(globals.Signup).toBe(true);
    // The tools the admin left on, which the web offers.
    expect(globals.EditionTools).toEqual([
      "m2hv",
      "m2ledmac",
      "pdflatex",
      "m2lv-pdf",
      "m2ledmac-pdf",
    ]);
  });

  it("keeps the report address for error toasts and gives it to the page; File Browser's shape leaves it out", async () => {
    const settings = (await get()).json<Settings>();
    expect(settings.branding.reportUrl).toBe("");
    const address = "mailto:curatore@example.org";
    const res = await put({ ...settings, branding: { ...settings.branding, reportUrl: address } });
    expect(res.statusCode).toBe(200);
    expect((await get()).json<Settings>().branding.reportUrl).toBe(address);
    const page = await t.app.inject({ method: "GET", url: "/files/" });
    const globals = JSON.parse(
      /window\.FileBrowser=(\{.*?\});/.exec(page.body)?.[1] ?? "{}",
    ) as PageGlobals;
    expect(globals.ReportURL).toBe(address);
    // File Browser's clients send branding without it: accepted, and the address is cleared.
    const fileBrowserBranding: Partial<Settings["branding"]> = { ...settings.branding };
    delete fileBrowserBranding.reportUrl;
    expect((await put({ ...settings, branding: fileBrowserBranding })).statusCode).toBe(200);
    expect((await get()).json<Settings>().branding.reportUrl).toBe("");
  });

  it("refuses invalid rules, locales and shapes with 400, changing nothing", async () => {
    const settings = (await get()).json<Settings>();
    const bad = [
      { ...settings, rules: [{ allow: false, path: "", regex: true, regexp: { raw: "([" } }] },
      { ...settings, defaults: { ...settings.defaults, locale: "xx" } },
      { ...settings, tus: { chunkSize: -1, retryCount: 1 } },
      { ...settings, tus: { chunkSize: 100, retryCount: -1 } },
      { signup: "maybe" },
      { ...settings, defaults: { ...settings.defaults, viewMode: "grid" } },
      { ...settings, rules: [{ allow: "no", path: "/x" }] },
    ];
    for (const body of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).message.length).toBeGreaterThan(0);
    }
    expect((await get()).json()).toEqual(settings);
  });

  it("gives absent fields File Browser's zero values (API.md §8.4); the edition tools stay", async () => {
    const before = (await get()).json<Settings>();
    const res = await put({ signup: true, rules: [{ path: "/private" }], defaults: null });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get()).json<Settings>();
    expect(after).toMatchObject({
      signup: true,
      createUserDir: false,
      userHomeBasePath: "/users",
      rules: [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }],
      defaults: { locale: "en", viewMode: "mosaic", scope: "", commands: [] },
      shell: [],
      tus: { chunkSize: 10485760, retryCount: 5 },
      branding: { name: "", theme: "", color: "" },
    });
    expect(after.defaults.perm).toEqual({ ...after.defaults.perm, admin: false, create: false });
    expect(Object.keys(after.commands)).toContain("before_save");
    expect(after.tools).toEqual(before.tools);
  });

  it("is for administrators only", async () => {
    await t.createUser({ username: "bob", password: "bob-password-12" });
    const bob = await t.login("bob", "bob-password-12");
    expect((await get(bob)).statusCode).toBe(403);
    const settings = (await get()).json<Settings>();
    expect((await put({ ...settings, signup: true }, bob)).statusCode).toBe(403);
    expect((await get()).json<Settings>().signup).toBe(false);
  });
});
