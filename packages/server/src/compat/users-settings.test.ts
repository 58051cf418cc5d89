/**
 * File Browser's profile, user and settings calls (API.md Part B §8): JSON bodies sent as
 * `text/plain`, the `{what, which, data}` envelope, and the user and settings shapes read back.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimsOf, errorBody, login, PASSWORD, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
let id: number;
let admin: string;
beforeEach(async () => {
  c = await startCompat();
  id = (claimsOf(c.token).user as { id: number }).id;
  admin = await c.t.login();
});
afterEach(() => c.t.close());

/** PUT /api/users/{id} as the client sends it: a string body, so text/plain (§0.5, §8.2). */
const putUser = (which: string[], data: Record<string, unknown>, token = c.token) =>
  c.api(`/api/users/${id}`, {
    method: "PUT",
    token,
    body: JSON.stringify({ what: "user", which, data: { id, ...data } }),
  });

describe("user JSON (§8.1, §8.3)", () => {
  it("reads one's own user with the fields the client uses, password blanked", async () => {
    const res = await c.api(`/api/users/${id}`);
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      id,
      username: "ada",
      password: "",
      locale: expect.any(String) as string,
      lockPassword: false,
      viewMode: expect.stringMatching(/^(list|mosaic|mosaic gallery)$/) as string,
      singleClick: expect.any(Boolean) as boolean,
      perm: expect.objectContaining({ create: true, admin: false, unzip: true }) as object,
      commands: expect.any(Array) as unknown[],
      sorting: { by: expect.any(String) as string, asc: expect.any(Boolean) as boolean },
      rules: expect.any(Array) as unknown[],
      hideDotfiles: expect.any(Boolean) as boolean,
      dateFormat: expect.any(Boolean) as boolean,
    });
  });

  it("refuses another user's record to a non-admin with 403", async () => {
    const res = await c.api("/api/users/1");
    expect(res.status).toBe(403);
    await errorBody(res);
  });
});

describe("PUT /api/users/{id} with which (§8.3)", () => {
  it("saves the profile fields the profile page sends", async () => {
    const res = await putUser(["locale", "hideDotfiles", "singleClick", "dateFormat"], {
      locale: "it",
      hideDotfiles: true,
      singleClick: true,
      dateFormat: true,
    });
    expect(res.status).toBe(200);
    const user = (await (await c.api(`/api/users/${id}`)).json()) as Record<string, unknown>;
    expect(user).toMatchObject({ locale: "it", hideDotfiles: true, singleClick: true });
  });

  it("saves the listing's sorting and view mode", async () => {
    expect((await putUser(["sorting"], { sorting: { by: "size", asc: true } })).status).toBe(200);
    expect((await putUser(["viewMode"], { viewMode: "mosaic" })).status).toBe(200);
    const listing = (await (await c.api("/api/resources/")).json()) as {
      sorting: { by: string; asc: boolean };
    };
    expect(listing.sorting).toEqual({ by: "size", asc: true });
  });

  it("changes the password from the profile page with the current one (later clients: current_password beside which); the new one logs in", async () => {
    const res = await c.api(`/api/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["password"],
        current_password: PASSWORD,
        data: { id, password: "another-password-34" },
      }),
    });
    expect(res.status).toBe(200);
    expect((await login(c.base, "ada", "another-password-34")).status).toBe(200);
  });

  it("refuses a password change without the current password, as the clients fixed after CVE-2026-25889 expect", async () => {
    const res = await putUser(["password"], { password: "another-password-34" });
    expect(res.status).toBe(400);
    await errorBody(res);
    expect((await login(c.base, "ada", PASSWORD)).status).toBe(200);
  });

  it("refuses admin-only fields to a non-admin (403) and a wrong envelope (400)", async () => {
    const own = (await (await c.api(`/api/users/${id}`)).json()) as { perm: object };
    const perm = await putUser(["perm"], { perm: { ...own.perm, admin: true } });
    expect(perm.status).toBe(403);
    await errorBody(perm);
    const bad = await c.api(`/api/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({ what: "share", which: ["locale"], data: { id, locale: "en" } }),
    });
    expect(bad.status).toBe(400);
    await errorBody(bad);
  });

  it("lets an admin replace the whole user with which: ['all']", async () => {
    const user = (await (await c.api(`/api/users/${id}`)).json()) as Record<string, unknown>;
    const res = await putUser(["all"], { ...user, locale: "de", password: "" }, admin);
    expect(res.status).toBe(200);
    const after = (await (await c.api(`/api/users/${id}`)).json()) as { locale: string };
    expect(after.locale).toBe("de");
  });
});

describe("settings (§8.4)", () => {
  it("reads and writes the settings object as the settings page does", async () => {
    const res = await c.api("/api/settings", { token: admin });
    expect(res.status).toBe(200);
    const settings = (await res.json()) as Record<string, unknown> & {
      tus: { chunkSize: number; retryCount: number };
      commands: Record<string, string[]>;
    };
    for (const key of ["signup", "createUserDir", "userHomeBasePath", "defaults", "rules"]) {
      expect(settings).toHaveProperty(key);
    }
    for (const key of ["branding", "tus", "shell", "commands"]) {
      expect(settings).toHaveProperty(key);
    }
    expect(settings.tus).toEqual({ chunkSize: 10485760, retryCount: 5 });
    const put = await c.api("/api/settings", {
      method: "PUT",
      token: admin,
      body: JSON.stringify({ ...settings, tus: { chunkSize: 1.5 * 1024 * 1024, retryCount: 3 } }),
    });
    expect(put.status).toBe(200);
    const after = (await (await c.api("/api/settings", { token: admin })).json()) as {
      tus: object;
    };
    expect(after.tus).toEqual({ chunkSize: 1572864, retryCount: 3 });
  });

  it("keeps the login page's texts (ours) through the client's settings PUT, whether it sends them back or not", async () => {
    const settings = (await (await c.api("/api/settings", { token: admin })).json()) as {
      branding: Record<string, unknown>;
    };
    const login = {
      description: { it: "Edizione" },
      contact: { it: "a@example.org" },
      fallback: "",
    };
    const put = (branding: Record<string, unknown>) =>
      c.api("/api/settings", {
        method: "PUT",
        token: admin,
        body: JSON.stringify({ ...settings, branding }),
      });
    expect((await put({ ...settings.branding, login })).status).toBe(200);
    // The client sends back what it read (with our field) …
    const read = (await (await c.api("/api/settings", { token: admin })).json()) as typeof settings;
    expect(read.branding.login).toEqual(login);
    expect((await put({ ...read.branding, name: "Edizione" })).status).toBe(200);
    // … or File Browser's branding alone (an older client, a script): the texts stay.
    const fileBrowserBranding = { ...read.branding };
    delete fileBrowserBranding.login;
    delete fileBrowserBranding.reportUrl;
    expect((await put({ ...fileBrowserBranding, name: "Edizione 2" })).status).toBe(200);
    const after = (await (
      await c.api("/api/settings", { token: admin })
    ).json()) as typeof settings;
    expect(after.branding).toMatchObject({ name: "Edizione 2", login });
  });

  it("is for admins only (403), and refuses a body that is not JSON (400)", async () => {
    expect((await c.api("/api/settings")).status).toBe(403);
    const bad = await c.api("/api/settings", { method: "PUT", token: admin, body: "{nope" });
    expect(bad.status).toBe(400);
    await errorBody(bad);
  });
});
