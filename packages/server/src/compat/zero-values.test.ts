/**
 * Scripts written for File Browser (API.md Part B §8): its Go server decodes bodies into structs,
 * so an absent or null field has Go's zero value (false, "", [], a struct of zeros) and scripts
 * send only the fields that matter. The same bodies work here, with the same meaning; a wrong
 * type or an unknown value is still 400.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorBody, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
let admin: string;
beforeEach(async () => {
  c = await startCompat();
  admin = await c.t.login();
  await mkdir(path.join(c.scope, "private"), { recursive: true });
  await writeFile(path.join(c.scope, "private", "diary.txt"), "secret");
  await writeFile(path.join(c.scope, "keys.secret"), "secret");
  await writeFile(path.join(c.scope, "notes.txt"), "open");
});
afterEach(() => c.t.close());

const ADA = 2;
const asAdmin = (url: string, init: RequestInit = {}) => c.api(url, { ...init, token: admin });
/** A script's PUT /api/users/{id}: the envelope with only what it changes. */
const putUser = (which: string[], data: Record<string, unknown>) =>
  asAdmin(`/api/users/${ADA}`, {
    method: "PUT",
    body: JSON.stringify({ what: "user", which, data: { id: ADA, ...data } }),
  });
const adaUser = async () =>
  (await (await asAdmin(`/api/users/${ADA}`)).json()) as Record<string, unknown> & {
    perm: Record<string, boolean>;
  };
const names = async (folder = "/") =>
  (
    (await (await c.api(`/api/resources${folder}`)).json()) as { items: { name: string }[] }
  ).items.map((i) => i.name);

describe("rules with absent fields (§2.1, §8.3)", () => {
  it("a path rule without regexp, as `{allow, path, regex}`, denies the path", async () => {
    const res = await putUser(["rules"], {
      rules: [{ allow: false, path: "/private", regex: false }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await c.api("/api/resources/private/")).status).toBe(403);
    expect(await names()).not.toContain("private");
    expect((await adaUser()).rules).toEqual([
      { allow: false, path: "/private", regex: false, regexp: { raw: "" } },
    ]);
  });

  it("a regex rule without path, and File Browser's own `regexp: null` on a path rule", async () => {
    const res = await putUser(["rules"], {
      rules: [
        { regex: true, regexp: { raw: "\\.secret$" } },
        { path: "/private", regexp: null },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await names()).toEqual(["notes.txt"]);
  });

  it("global rules sent the same way through the settings", async () => {
    const settings = (await (await asAdmin("/api/settings")).json()) as Record<string, unknown>;
    const res = await asAdmin("/api/settings", {
      method: "PUT",
      body: JSON.stringify({ ...settings, rules: [{ path: "/private" }] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await names()).not.toContain("private");
  });
});

describe("users with upstream's fields (§8.3)", () => {
  it("a perm without unzip (upstream has none) means no unzip", async () => {
    // File Browser's eight permissions, every one but admin and execute granted.
    const upstream = [
      "admin",
      "execute",
      "create",
      "rename",
      "modify",
      "delete",
      "share",
      "download",
    ];
    const perm = Object.fromEntries(upstream.map((p, i) => [p, i >= 2]));
    const res = await putUser(["perm"], { perm });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await adaUser()).perm).toMatchObject({ create: true, download: true, unzip: false });
  });

  it("creates a user from upstream's user JSON: no unzip, null lists, fields it has and we do not", async () => {
    const res = await asAdmin("/api/users", {
      method: "POST",
      body: JSON.stringify({
        what: "user",
        which: [],
        data: {
          id: 0,
          username: "carla",
          password: "carla-password-1",
          scope: "/carla",
          locale: "it",
          viewMode: "list",
          perm: { admin: false, create: true, download: true },
          commands: null,
          rules: null,
          sorting: { by: "name" },
          redirectAfterCopyMove: true,
          aceEditorTheme: "",
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (res.headers.get("Location") ?? "").split("/").pop() ?? "";
    const made = (await (await asAdmin(`/api/users/${id}`)).json()) as Record<string, unknown>;
    expect(made).toMatchObject({
      username: "carla",
      perm: { create: true, download: true, rename: false, unzip: false },
      commands: [],
      rules: [],
      sorting: { by: "name", asc: false },
    });
  });

  it("a settings body with only the fields a script sets: the others are their zero values", async () => {
    const res = await asAdmin("/api/settings", {
      method: "PUT",
      body: JSON.stringify({ signup: true, defaults: { locale: "it", perm: { download: true } } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await (await asAdmin("/api/settings")).json()) as Record<string, unknown>;
    expect(after).toMatchObject({
      signup: true,
      createUserDir: false,
      rules: [],
      shell: [],
      defaults: { locale: "it", viewMode: "mosaic", perm: { download: true, create: false } },
      tus: { chunkSize: 10485760, retryCount: 5 },
    });
  });

  it("still refuses wrong types and unknown values (400), changing nothing", async () => {
    const before = await adaUser();
    const bodies: [string[], Record<string, unknown>][] = [
      [["perm"], { perm: { create: "yes" } }],
      [["rules"], { rules: "none" }],
      [["rules"], { rules: [{ allow: false, regex: true, regexp: { raw: { text: "a" } } }] }],
      [["viewMode"], { viewMode: "grid" }],
      [["sorting"], { sorting: { by: "colour" } }],
    ];
    for (const [which, data] of bodies) {
      const res = await putUser(which, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      await errorBody(res);
    }
    expect(await adaUser()).toEqual(before);
  });
});
