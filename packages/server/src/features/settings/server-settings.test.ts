import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PageGlobals, ServerSettings, Settings } from "@scriptorium/shared";
import { createSettingsStore } from "./settings.store.js";
import { createTestApp, decodeJwt, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Set after the login: with a secret, logins need a reCAPTCHA answer.
  const store = createSettingsStore(t.db);
  const config = await store.getServerConfig();
  await store.setServerConfig({
    ...config,
    recaptcha: { host: "https://www.google.com", key: "site", secret: "s3cret" },
  });
});
afterEach(() => t.close());

const call = (method: "GET" | "PUT", url: string, body?: unknown, token = admin) =>
  t.app.inject({
    method,
    url,
    headers: { "x-auth": token, "content-type": "text/plain;charset=UTF-8" },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const globals = async () => {
  const page = await t.app.inject({ url: "/login" });
  return {
    html: page.body,
    g: JSON.parse(/window\.FileBrowser=(\{.*?\});/.exec(page.body)?.[1] ?? "{}") as PageGlobals,
  };
};

describe("GET and PUT /api/settings/server", () => {
  it("shows what the command line set, never the reCAPTCHA secret", async () => {
    const res = await call("GET", "/api/settings/server");
    expect(res.statusCode).toBe(200);
    const body = res.json<ServerSettings>();
    expect(body).toMatchObject({
      authMethod: "json",
      recaptchaKey: "site",
      recaptchaSecretSet: true,
      tokenExpirationTime: "2h",
      minimumPasswordLength: 12,
    });
    expect(res.body).not.toContain("s3cret");
  });

  it("changes the token lifetime and password length; new logins and the page follow", async () => {
    const res = await call("PUT", "/api/settings/server", {
      tokenExpirationTime: "30m",
      minimumPasswordLength: 16,
      enableThumbnails: false,
      resizePreview: false,
    });
    expect(res.statusCode).toBe(200);
    const renewed = await t.app.inject({
      method: "POST",
      url: "/api/renew",
      headers: { "x-auth": admin },
    });
    const claims = decodeJwt(renewed.body);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(1800);
    const { g } = await globals();
    expect(g.MinimumPasswordLength).toBe(16);
    expect(g.EnableThumbs).toBe(false);
    const short = await t.app.inject({
      method: "PUT",
      url: "/api/users/1",
      headers: { "x-auth": admin },
      payload: {
        what: "user",
        which: ["password"],
        current_password: "admin-password-123",
        data: { id: 1, password: "fifteen-chars-x" },
      },
    });
    expect(errorOf(short).code).toBe("PASSWORD_TOO_SHORT");
    // What stays command-line only did not move.
    expect((await call("GET", "/api/settings/server")).json<ServerSettings>().authMethod).toBe(
      "json",
    );
  });

  it("refuses bad values with 400 and keeps the old ones; other users get 403", async () => {
    const ok = {
      tokenExpirationTime: "2h",
      minimumPasswordLength: 12,
      enableThumbnails: true,
      resizePreview: true,
    };
    for (const bad of [
      { ...ok, tokenExpirationTime: "soon" },
      { ...ok, tokenExpirationTime: "1m" },
      { ...ok, tokenExpirationTime: "9999h" },
      { ...ok, minimumPasswordLength: 4 },
      { ...ok, minimumPasswordLength: 1000 },
      { ...ok, authMethod: "noauth", minimumPasswordLength: "x" },
    ]) {
      const res = await call("PUT", "/api/settings/server", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // An unknown key is dropped, never applied: the auth method cannot change here.
    await call("PUT", "/api/settings/server", { ...ok, authMethod: "noauth" });
    expect((await call("GET", "/api/settings/server")).json<ServerSettings>().authMethod).toBe(
      "json",
    );
    await t.createUser({ username: "bob", password: "bob-password-12" });
    const store = createSettingsStore(t.db);
    await store.setServerConfig({
      ...(await store.getServerConfig()),
      recaptcha: { host: "", key: "", secret: "" },
    });
    const bob = await t.login("bob", "bob-password-12");
    expect((await call("GET", "/api/settings/server", undefined, bob)).statusCode).toBe(403);
    expect((await call("PUT", "/api/settings/server", ok, bob)).statusCode).toBe(403);
  });
});

describe("branding and the checks of PUT /api/settings", () => {
  it('is "Scriptorium" by default; the name, colour and theme set reach the page', async () => {
    expect((await globals()).html).toContain("<title>Scriptorium</title>");
    const settings = (await call("GET", "/api/settings")).json<Settings>();
    const res = await call("PUT", "/api/settings", {
      ...settings,
      userHomeBasePath: "/people/",
      branding: { ...settings.branding, name: "Maurolico", color: "#8a2be2", theme: "dark" },
    });
    expect(res.statusCode).toBe(200);
    const { html, g } = await globals();
    expect(html).toContain("<title>Maurolico</title>");
    expect(html).toContain('<meta name="theme-color" content="#8a2be2">');
    expect(g).toMatchObject({ Name: "Maurolico", Color: "#8a2be2", Theme: "dark" });
    expect((await call("GET", "/api/settings")).json<Settings>().userHomeBasePath).toBe("/people");
  });

  it("refuses a bad colour, branding folder, base path or rule with 400, saving nothing", async () => {
    const settings = (await call("GET", "/api/settings")).json<Settings>();
    const b = settings.branding;
    const bad: [unknown, RegExp][] = [
      [{ ...settings, branding: { ...b, color: "red;background:url(x)" } }, /colour/],
      [{ ...settings, branding: { ...b, files: "relative/folder" } }, /absolute/],
      [{ ...settings, branding: { ...b, name: "a\nb" } }, /control/],
      [{ ...settings, userHomeBasePath: "/users/../../etc" }, /"\.\."/],
      [
        {
          ...settings,
          rules: [{ allow: false, path: "", regex: true, regexp: { raw: "\\.(tex" } }],
        },
        /Rule 1: invalid regular expression at its end/,
      ],
      [{ ...settings, branding: { ...b, theme: "neon" } }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await call("PUT", "/api/settings", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    expect((await call("GET", "/api/settings")).json()).toEqual(settings);
  });
});
