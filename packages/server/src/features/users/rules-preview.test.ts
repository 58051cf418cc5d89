import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RulesPreview, Settings } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const file of [
    "team/a.tex",
    "team/private/notes.txt",
    "team/private/deep/x.txt",
    "team/privateer.txt",
    "team/draft.tex.bak",
    "other/b.tex",
  ]) {
    await mkdir(path.dirname(path.join(t.root, file)), { recursive: true });
    await writeFile(path.join(t.root, file), "x");
  }
});
afterEach(() => t.close());

const preview = (body: unknown, token = admin) =>
  t.app.inject({
    method: "POST",
    url: "/api/rules/preview",
    headers: { "x-auth": token },
    payload: body as object,
  });

const deny = (p: string) => ({ allow: false, path: p, regex: false, regexp: { raw: "" } });
const denyRe = (raw: string) => ({ allow: false, path: "", regex: true, regexp: { raw } });

describe("POST /api/rules/preview", () => {
  it("lists what the rules hide in the scope: whole components, folders once, content counted", async () => {
    const res = await preview({ scope: "/team", rules: [deny("/private"), denyRe("\\.bak$")] });
    expect(res.statusCode).toBe(200);
    const body = res.json<RulesPreview>();
    expect(body.hidden).toEqual(["/draft.tex.bak", "/private"]);
    expect(body.hiddenCount).toBe(5);
    expect(body.checked).toBe(7);
    expect(body.truncated).toBe(false);
  });

  it("adds the global rules unless told not to; a later allow wins", async () => {
    const settings = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<Settings>();
    await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { "x-auth": admin },
      payload: { ...settings, rules: [denyRe("\\.tex$")] },
    });
    const withGlobal = (await preview({ scope: "/team", rules: [] })).json<RulesPreview>();
    expect(withGlobal.hidden).toEqual(["/a.tex"]);
    const allowBack = {
      scope: "/team",
      rules: [{ allow: true, path: "/a.tex", regex: false, regexp: { raw: "" } }],
    };
    expect((await preview(allowBack)).json<RulesPreview>().hidden).toEqual([]);
    const without = { scope: "/team", rules: [], withGlobal: false };
    expect((await preview(without)).json<RulesPreview>().hidden).toEqual([]);
  });

  it("answers 400 for an invalid rule, 404 for a missing scope, 403 for non-admins", async () => {
    const bad = await preview({ scope: "/team", rules: [deny("/ok"), denyRe("a)b[")] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: "INVALID_RULE" });
    expect(errorOf(bad).message).toBe(
      "Rule 2: invalid regular expression at character 2: unexpected )",
    );
    expect((await preview({ scope: "/nowhere", rules: [] })).statusCode).toBe(404);
    // The scope never leaves the files root.
    const up = (await preview({ scope: "/../../..", rules: [] })).json<RulesPreview>();
    expect(up.checked).toBe(10);
    await t.createUser({ username: "bob", password: "bob-password-12" });
    const bob = await t.login("bob", "bob-password-12");
    expect((await preview({ scope: "/", rules: [] }, bob)).statusCode).toBe(403);
  });
});
