/**
 * File Browser's user management pages (API.md Part B §8.3): the users list, the user form
 * creating a user from the settings' defaults (201 with Location), editing with which: ["all"],
 * and deleting. String bodies go out as text/plain, as the browser's fetch sends them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { login, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
let admin: string;
beforeEach(async () => {
  c = await startCompat();
  admin = await c.t.login();
});
afterEach(() => c.t.close());

const asAdmin = (url: string, init: RequestInit = {}) => c.api(url, { ...init, token: admin });

describe("the users pages (§8.3)", () => {
  it("lists every user with the fields the table shows, passwords blanked", async () => {
    const res = await asAdmin("/api/users");
    expect(res.status).toBe(200);
    const users = (await res.json()) as Record<string, unknown>[];
    expect(users.map((u) => [u.id, u.username, u.password])).toEqual([
      [1, "admin", ""],
      [2, "ada", ""],
    ]);
    expect(users[1]).toMatchObject({ scope: "/ada", perm: { admin: false, create: true } });
  });

  it("creates a user as the form does: the defaults, id 0, which [], then follows Location", async () => {
    const settings = (await (await asAdmin("/api/settings")).json()) as {
      defaults: Record<string, unknown>;
    };
    const user = {
      ...settings.defaults,
      scope: "/bruno",
      username: "bruno",
      password: "bruno-password-1",
      rules: [{ allow: false, path: "/drafts", regex: false, regexp: { raw: "" } }],
      lockPassword: false,
      id: 0,
    };
    const res = await asAdmin("/api/users", {
      method: "POST",
      body: JSON.stringify({ what: "user", which: [], data: user }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("201 Created");
    const location = res.headers.get("Location") ?? "";
    expect(location).toBe("/settings/users/3");
    // The form then loads the user of that page.
    const id = location.split("/").pop() ?? "";
    const made = (await (await asAdmin(`/api/users/${id}`)).json()) as Record<string, unknown>;
    expect(made).toMatchObject({ username: "bruno", scope: "/bruno", password: "" });
    expect(made.rules).toHaveLength(1);
    expect((await login(c.base, "bruno", "bruno-password-1")).status).toBe(200);
  });

  it('edits with which ["all"], a new password with the admin\'s current one, then deletes', async () => {
    const user = (await (await asAdmin("/api/users/2")).json()) as Record<string, unknown>;
    const edit = await asAdmin("/api/users/2", {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["all"],
        current_password: "admin-password-123",
        data: { ...user, password: "ada-new-password-1", viewMode: "list" },
      }),
    });
    expect(edit.status).toBe(200);
    expect((await login(c.base, "ada", "ada-new-password-1")).status).toBe(200);
    // The old session of ada ended with the password change.
    expect((await c.api("/api/resources/")).status).toBe(401);

    const del = await asAdmin("/api/users/2", { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(await del.text()).toBe("200 OK");
    expect((await login(c.base, "ada", "ada-new-password-1")).status).toBe(403);
    const again = await asAdmin("/api/users/2", { method: "DELETE" });
    expect(again.status).toBe(404);
  });

  it("answers a duplicate username with 409, as the form expects from signup", async () => {
    const res = await asAdmin("/api/users", {
      method: "POST",
      body: JSON.stringify({
        what: "user",
        which: [],
        data: { username: "Ada", password: "other-password-1", id: 0 },
      }),
    });
    expect(res.status).toBe(409);
  });
});
