import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PageGlobals, Settings } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

/** Issue 31: the login page's description and contact, set per language by an admin. */
let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterEach(() => t.close());

const get = async () =>
  (
    await t.app.inject({ method: "GET", url: "/api/settings", headers: { "x-auth": admin } })
  ).json<Settings>();
const put = (body: unknown, token = admin) =>
  t.app.inject({
    method: "PUT",
    url: "/api/settings",
    headers: { "x-auth": token, "content-type": "text/plain;charset=UTF-8" },
    payload: JSON.stringify(body),
  });
const withLogin = (settings: Settings, login: unknown) => ({
  ...settings,
  branding: { ...settings.branding, login },
});

/** The globals of the login page as a visitor without a session gets them. */
async function loginPageGlobals(): Promise<PageGlobals> {
  const page = await t.app.inject({ method: "GET", url: "/login" });
  expect(page.statusCode).toBe(200);
  return JSON.parse(/window\.FileBrowser=(\{.*?\});/.exec(page.body)?.[1] ?? "{}") as PageGlobals;
}

const TEXTS = {
  description: {
    it: "Piattaforma dell’Edizione.\nSeconda riga.",
    en: "  The edition's platform.  ",
    fr: "   ",
  },
  contact: { it: "coordinatore@example.org", en: "https://example.org/account" },
  fallback: "it",
};

describe("branding.login (issue 31)", () => {
  it("is empty by default, and the login page then gets no texts and the app's version", async () => {
    const settings = await get();
    expect(settings.branding.login).toEqual({ description: {}, contact: {}, fallback: "" });
    const globals = await loginPageGlobals();
    expect(globals.LoginTexts).toBeUndefined();
    expect(globals.Version).toMatch(/^\d+\.\d+\.\d+/);
    expect(globals.Version).not.toBe("4.0410");
  });

  it("stores texts per language (trimmed, empty ones dropped) and serves them to a visitor without a session", async () => {
    const settings = await get();
    expect((await put(withLogin(settings, TEXTS))).statusCode).toBe(200);
    const stored = {
      description: {
        it: "Piattaforma dell’Edizione.\nSeconda riga.",
        en: "The edition's platform.",
      },
      contact: TEXTS.contact,
      fallback: "it",
    };
    expect((await get()).branding.login).toEqual(stored);
    expect((await loginPageGlobals()).LoginTexts).toEqual(stored);
  });

  it("keeps the stored texts when a File Browser client sends branding without them", async () => {
    const settings = await get();
    expect((await put(withLogin(settings, TEXTS))).statusCode).toBe(200);
    const fileBrowserBranding: Partial<Settings["branding"]> = { ...settings.branding };
    delete fileBrowserBranding.login;
    delete fileBrowserBranding.reportUrl;
    const res = await put({ ...settings, branding: { ...fileBrowserBranding, name: "Edizione" } });
    expect(res.statusCode).toBe(200);
    const after = await get();
    expect(after.branding.name).toBe("Edizione");
    expect(after.branding.login?.contact).toEqual(TEXTS.contact);
  });

  it.each([
    ["an unknown language", { description: { xx: "text" }, contact: {}, fallback: "" }, /xx/],
    [
      "a description over 2,000 characters",
      { description: { en: "a".repeat(2001) }, contact: {}, fallback: "" },
      /2000 characters/,
    ],
    [
      "a control character in a description",
      { description: { en: "bell\u0007" }, contact: {}, fallback: "" },
      /control/,
    ],
    [
      "a contact that is neither an e-mail nor an http(s) address",
      { description: {}, contact: { en: "ring the bell" }, fallback: "" },
      /e-mail address or an http\(s\) address/,
    ],
    [
      "a javascript: contact",
      { description: {}, contact: { en: "javascript:alert(1)" }, fallback: "" },
      /e-mail address/,
    ],
    [
      "a contact over 320 characters",
      { description: {}, contact: { en: `${"a".repeat(320)}@example.org` }, fallback: "" },
      /320/,
    ],
    [
      "an unknown fallback language",
      { description: {}, contact: {}, fallback: "klingon" },
      /fallback/,
    ],
  ])("refuses %s with a 400 and changes nothing", async (_, login, message) => {
    const settings = await get();
    expect((await put(withLogin(settings, TEXTS))).statusCode).toBe(200);
    const res = await put({ ...withLogin(settings, login), signup: !settings.signup });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(message);
    const after = await get();
    expect(after.signup).toBe(settings.signup);
    expect(after.branding.login?.description.it).toBe(TEXTS.description.it);
  });

  it("is for admins only", async () => {
    const settings = await get();
    await t.createUser({ username: "visitor", password: "visitor-password-12" });
    const res = await put(
      withLogin(settings, TEXTS),
      await t.login("visitor", "visitor-password-12"),
    );
    expect(res.statusCode).toBe(403);
  });
});
