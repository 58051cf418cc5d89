import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { perm } from "../../test/attack-target.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
afterEach(() => t.close());

async function start(commands: Record<string, string[]>, enableExec = true) {
  t = await createTestApp({
    server: (c) => void (c.enableExec = enableExec),
    settings: (s) => void Object.assign(s.commands, commands),
  });
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(),
    },
  });
  token = await t.login("ada", "ada-password-12");
  await t.app.inject({ method: "POST", url: "/api/resources/docs/", headers: { "x-auth": token } });
}

const scope = () => path.join(t.root, "ada");
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );
/** Whether a hook has written something into the file (it exists as soon as its `>` opens it). */
const written = (p: string) =>
  readFile(p, "utf8").then(
    (text) => text.length > 0,
    () => false,
  );
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("never happened");
}
const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

describe("hooks", () => {
  it("run with the paths in the environment, never in the command", async () => {
    await start({
      after_upload: ['sh -c "printf %s \\"$FILE\\" >> uploaded.log"', "echo $FILE"],
    });
    const name = "a;touch pwned.txt";
    const res = await t.app.inject({
      method: "POST",
      url: `/api/resources/docs/${enc(name)}`,
      headers: { "x-auth": token },
      payload: "text",
    });
    expect(res.statusCode).toBe(200);
    await eventually(() => written(path.join(scope(), "uploaded.log")));
    // In the sandbox the user's folder is at /files: no path of the server's reaches a hook.
    expect(await readFile(path.join(scope(), "uploaded.log"), "utf8")).toBe(
      path.join("/files", "docs", name),
    );
    expect(await exists(path.join(scope(), "pwned.txt"))).toBe(false);
    expect(await exists(path.join(scope(), "docs", "pwned.txt"))).toBe(false);
  });

  it("a failing before_ hook refuses the action with 403, and nothing is done", async () => {
    await start({ before_copy: ["false"] });
    await writeFile(path.join(scope(), "docs", "a.txt"), "a");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/resources/docs/a.txt?action=copy&destination=${encodeURIComponent("/docs/b.txt")}`,
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe("HOOK_REFUSED");
    expect(errorOf(res).message).toContain("before_copy");
    expect(await exists(path.join(scope(), "docs", "b.txt"))).toBe(false);
  });

  it("a tool's before_ hook never runs for a user the tool refuses (permissions come first)", async () => {
    await start({ "before_mauro:pdflatex": ["touch hook-ran.txt"] });
    const noModify = { ...perm(), modify: false };
    await t.createUser({
      username: "bea",
      password: "bea-password-12",
      fields: { scope: "/ada", perm: noModify },
    });
    const bea = await t.login("bea", "bea-password-12");
    await writeFile(path.join(scope(), "docs", "a.tex"), "\\documentclass{article}");
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/resources/docs/a.tex?action=mauro:pdflatex",
      headers: { "x-auth": bea },
    });
    expect(res.statusCode).toBe(403);
    expect(await exists(path.join(scope(), "hook-ran.txt"))).toBe(false);
    expect(await exists(path.join(scope(), "docs", "hook-ran.txt"))).toBe(false);
  });

  it("no action's before_ hook runs for a user the action refuses (permissions come first)", async () => {
    const events = ["upload", "save", "delete", "copy", "rename", "unzip"];
    await start(Object.fromEntries(events.map((e) => [`before_${e}`, [`touch ran-${e}.txt`]])));
    const none = { create: false, rename: false, modify: false, delete: false, unzip: false };
    await t.createUser({
      username: "bea",
      password: "bea-password-12",
      fields: { scope: "/ada", perm: { ...perm(), ...none } },
    });
    const bea = await t.login("bea", "bea-password-12");
    await writeFile(path.join(scope(), "docs", "a.zip"), "not really a zip");
    const to = encodeURIComponent("/docs/b");
    const requests: [string, string][] = [
      ["POST", "/api/resources/docs/new.txt"],
      ["POST", "/api/tus/docs/new.txt"],
      ["PUT", "/api/resources/docs/a.zip"],
      ["DELETE", "/api/resources/docs/a.zip"],
      ["PATCH", `/api/resources/docs/a.zip?action=copy&destination=${to}`],
      ["PATCH", `/api/resources/docs/a.zip?action=rename&destination=${to}`],
      ["PATCH", `/api/resources/docs/a.zip?action=unzip&destination=${to}`],
    ];
    for (const [method, url] of requests) {
      const headers = { "x-auth": bea, "upload-length": "4" };
      const payload = url.startsWith("/api/tus/") ? undefined : "text";
      const res = await t.app.inject({ method: method as "GET", url, headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).code).toBe("FORBIDDEN");
    }
    for (const event of events) {
      expect(await exists(path.join(scope(), `ran-${event}.txt`)), event).toBe(false);
    }
  });

  it("before_ hooks run before the action, after_ hooks without holding the answer", async () => {
    await start({
      before_save: ['sh -c "cat \\"$FILE\\" > before.txt"'],
      after_save: [
        'sh -c "sleep 1; cat \\"$FILE\\" > after.txt; printf %s \\"$TRIGGER $USERNAME\\" > who.txt"',
      ],
    });
    await writeFile(path.join(scope(), "docs", "a.txt"), "old");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/resources/docs/a.txt",
      headers: { "x-auth": token },
      payload: "new",
    });
    expect(res.statusCode).toBe(200);
    expect(await readFile(path.join(scope(), "before.txt"), "utf8")).toBe("old");
    expect(await exists(path.join(scope(), "after.txt"))).toBe(false);
    await eventually(() => written(path.join(scope(), "who.txt")));
    expect(await readFile(path.join(scope(), "after.txt"), "utf8")).toBe("new");
    expect(await readFile(path.join(scope(), "who.txt"), "utf8")).toBe("after_save ada");
  });

  it("run for tus uploads too: before at creation, after at the last byte", async () => {
    await start({
      before_upload: ['sh -c "printf %s \\"$TRIGGER\\" > before-upload.txt"'],
      after_upload: ['sh -c "cat \\"$FILE\\" > after-upload.txt"'],
    });
    const headers = { "x-auth": token, "upload-length": "5", "tus-resumable": "1.0.0" };
    const created = await t.app.inject({ method: "POST", url: "/api/tus/docs/up.txt", headers });
    expect(created.statusCode).toBe(201);
    expect(await readFile(path.join(scope(), "before-upload.txt"), "utf8")).toBe("before_upload");
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/api/tus/docs/up.txt",
      headers: {
        "x-auth": token,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: "hello",
    });
    expect(patched.statusCode).toBe(204);
    await eventually(() => written(path.join(scope(), "after-upload.txt")));
    expect(await readFile(path.join(scope(), "after-upload.txt"), "utf8")).toBe("hello");
  });

  it("do not run when the server does not allow executing commands", async () => {
    await start({ before_delete: ["false"] }, false);
    await writeFile(path.join(scope(), "docs", "a.txt"), "a");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/resources/docs/a.txt",
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(204);
  });

  it("keeps unzip and tool hooks in the settings", async () => {
    await start({});
    const admin = await t.login();
    const settings = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<{ commands: Record<string, string[]> }>();
    settings.commands["before_mauro:m2hv"] = ["true"];
    settings.commands.after_unzip = ["true"];
    settings.commands["before_evil"] = ["true"];
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { "x-auth": admin },
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    const saved = (
      await t.app.inject({ url: "/api/settings", headers: { "x-auth": admin } })
    ).json<{ commands: Record<string, string[]> }>();
    expect(saved.commands["before_mauro:m2hv"]).toEqual(["true"]);
    expect(saved.commands.after_unzip).toEqual(["true"]);
    expect(saved.commands.before_evil).toBeUndefined();
  });
});
