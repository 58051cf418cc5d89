import { writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Share, TrashItem } from "@scriptorium/shared";
import { activityWorld, type ActivityWorld } from "../../test/activity-world.js";
import { makeZip } from "../../test/archive-build.js";
import { errorOf } from "../../test/helpers.js";
import { testDatabase } from "../../test/test-database.js";

let w: ActivityWorld;
beforeEach(async () => {
  w = await activityWorld();
});
afterEach(() => w.t.close());

/** The lines of a folder as [action, path, to?] for ada (who sees the whole team folder). */
const lines = async (p = "/", query = "") =>
  (await w.activity("ada", p, query)).map((e) => [e.action, e.path, e.to ?? "", e.user]);

describe("recording", () => {
  it("create, edit, upload, rename, move, copy, delete and restore, newest first", async () => {
    expect((await w.create("ada", "/docs/new.txt")).statusCode).toBe(200);
    expect((await w.save("ada", "/docs/new.txt", "changed")).statusCode).toBe(200);
    await w.upload("bob", "/docs/up.txt", "uploaded");
    expect((await w.patch("ada", "/docs/up.txt", "rename", "/docs/up2.txt")).statusCode).toBe(200);
    expect((await w.patch("ada", "/docs/up2.txt", "rename", "/moved.txt")).statusCode).toBe(200);
    expect((await w.patch("ada", "/moved.txt", "copy", "/docs/copy.txt")).statusCode).toBe(200);
    expect((await w.remove("ada", "/docs/copy.txt")).statusCode).toBe(204);
    const [item] = (await w.call("ada", "GET", "/api/trash")).json<TrashItem[]>();
    expect((await w.call("ada", "POST", `/api/trash/${item!.id}/restore`)).statusCode).toBe(200);
    expect(await lines()).toEqual([
      ["restore", "/docs/copy.txt", "", "ada"],
      ["delete", "/docs/copy.txt", "", "ada"],
      ["copy", "/moved.txt", "/docs/copy.txt", "ada"],
      ["move", "/docs/up2.txt", "/moved.txt", "ada"],
      ["rename", "/docs/up.txt", "/docs/up2.txt", "ada"],
      ["upload", "/docs/up.txt", "", "bob"],
      ["edit", "/docs/new.txt", "", "ada"],
      ["create", "/docs/new.txt", "", "ada"],
    ]);
    // Each line names its request and the client's address, bodies read or not.
    const audit = await w.audit("?path=/team");
    expect(audit).toHaveLength(8);
    for (const line of audit) {
      expect(line.requestId, line.action).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.address, line.action).toBe("127.0.0.1");
    }
    expect(new Set(audit.map((l) => l.requestId)).size).toBe(8);
  });

  it("an extraction, with the archive and where it went", async () => {
    await writeFile(w.at("docs", "pack.zip"), await makeZip([{ name: "in.txt", data: "x" }]));
    const destination = encodeURIComponent(w.enc("/out/pack.zip"));
    const res = await w.call(
      "ada",
      "PATCH",
      `/api/resources/docs/pack.zip?action=unzip&destination=${destination}&override=false&rename=false&unzip=true`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await w.activity("ada");
    expect(line).toMatchObject({ action: "extract", path: "/docs/pack.zip", user: "ada" });
    expect(line!.to).toMatch(/^\/out/);
  });

  it("shares: made, used and removed; a drop box's arrival is the owner's, by nobody", async () => {
    const made = await w.call("ada", "POST", "/api/share/docs/a.txt", "{}");
    expect(made.statusCode, made.body).toBe(200);
    const share = made.json<Share>();
    expect((await w.t.app.inject({ url: `/api/public/dl/${share.hash}` })).statusCode).toBe(200);
    expect((await w.call("ada", "DELETE", `/api/share/${share.hash}`)).statusCode).toBe(200);
    const box = (
      await w.call("ada", "POST", "/api/share/docs/", '{"mode":"upload"}')
    ).json<Share>();
    const url = `/api/public/tus/${box.hash}/dropped.txt`;
    await w.t.app.inject({ method: "POST", url, headers: { "upload-length": "3" } });
    const sent = await w.t.app.inject({
      method: "PATCH",
      url,
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      payload: "abc",
    });
    expect(sent.statusCode).toBe(204);
    expect(await lines("/docs")).toEqual([
      ["drop", "/docs/dropped.txt", "", ""],
      ["share-create", "/docs", "", "ada"],
      ["share-delete", "/docs/a.txt", "", "ada"],
      ["share-use", "/docs/a.txt", "", ""],
      ["share-create", "/docs/a.txt", "", "ada"],
    ]);
    // The link's hash is the audit's only: with it, anyone could open the owner's view.
    const shown = JSON.stringify(await w.activity("ada"));
    expect(shown).not.toContain(share.hash);
    expect(shown).not.toContain(box.hash);
    const audit = await w.audit("?action=share-use");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ path: "/team/docs/a.txt", detail: share.hash, user: "" });
    const drop = await w.audit("?action=drop");
    expect(drop[0]).toMatchObject({ path: "/team/docs/dropped.txt", detail: box.hash });
  });

  it("logins, failed logins, users and settings: in the audit only", async () => {
    const failed = await w.t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ada", password: "wrong-password" },
    });
    expect(failed.statusCode).toBe(403);
    const created = await w.call(
      "admin",
      "POST",
      "/api/users",
      JSON.stringify({
        what: "user",
        which: [],
        data: { username: "dan", password: "dan-password-123", scope: "/dan" },
      }),
      { "content-type": "application/json" },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.headers.location?.toString().split("/").pop());
    const settings = (await w.call("admin", "GET", "/api/settings")).json<
      Record<string, unknown>
    >();
    const put = await w.call(
      "admin",
      "PUT",
      "/api/settings",
      JSON.stringify({ ...settings, signup: !settings.signup }),
      { "content-type": "application/json" },
    );
    expect(put.statusCode, put.body).toBe(200);
    expect((await w.call("admin", "DELETE", `/api/users/${id}`)).statusCode).toBe(200);

    const audit = await w.audit();
    const kinds = audit.map((e) => [e.action, e.user, e.detail ?? ""]);
    expect(kinds.slice(0, 4)).toEqual([
      ["user-delete", "admin", "dan"],
      ["settings", "admin", "settings: signup"],
      ["user-create", "admin", "dan"],
      ["login-failed", "ada", ""],
    ]);
    // The logins of the world's four users, each with its request id and address.
    const logins = audit.filter((e) => e.action === "login");
    expect(logins.map((e) => e.user).sort()).toEqual(["ada", "admin", "bob", "carol"]);
    expect(logins[0]!.requestId).not.toBe("");
    expect(logins[0]!.address).toBe("127.0.0.1");
    // None of it in a folder's activity, even the admin's whole tree.
    const admin = (await w.call("admin", "GET", "/api/activity/")).json<unknown[]>();
    expect(admin).toEqual([]);
  });
});

describe("GET /api/activity/{path}", () => {
  beforeEach(async () => {
    await w.create("ada", "/docs/one.txt");
    await w.create("ada", "/two.txt");
    await w.patch("ada", "/two.txt", "rename", "/docs/two.txt");
    await w.create("carol", "/mine.txt");
  });

  it("a folder and below; a move into it counts; paths in the viewer's scope", async () => {
    expect(await lines("/docs")).toEqual([
      ["move", "/two.txt", "/docs/two.txt", "ada"],
      ["create", "/docs/one.txt", "", "ada"],
    ]);
    expect(await w.activity("carol")).toEqual([
      expect.objectContaining({ action: "create", path: "/mine.txt", user: "carol" }),
    ]);
    // The admin (scope /) sees paths from the files root.
    const admin = (await w.call("admin", "GET", "/api/activity/team/docs")).json<
      { path: string }[]
    >();
    expect(admin.map((e) => e.path)).toEqual(["/team/two.txt", "/team/docs/one.txt"]);
  });

  it("since and limit", async () => {
    const all = await w.activity("ada");
    expect(all).toHaveLength(3);
    expect((await w.activity("ada", "/", "?limit=2")).length).toBe(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await w.activity("ada", "/", `?since=${future}`)).toEqual([]);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await w.activity("ada", "/", `?since=${encodeURIComponent(past)}`)).toHaveLength(3);
  });

  it("bad since or limit: 400", async () => {
    for (const query of [
      "?since=yesterday",
      "?since=2026-13-45",
      "?limit=0",
      "?limit=1001",
      "?limit=x",
    ]) {
      const res = await w.call("ada", "GET", `/api/activity/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
  });

  it("retention: lines older than the days set go in the sweep", async () => {
    await w.t.db
      .updateTable("activity")
      .set({ time: Date.now() - 10 * 86_400_000 })
      .where("action", "=", "create")
      .execute();
    const settings = (await w.call("admin", "GET", "/api/settings")).json<
      Record<string, unknown>
    >();
    await w.call(
      "admin",
      "PUT",
      "/api/settings",
      JSON.stringify({ ...settings, activity: { days: 5 } }),
      {
        "content-type": "application/json",
      },
    );
    // A restart sweeps at once.
    await w.t.app.close();
    const { openDatabase } = await import("../../db/database.js");
    const { buildApp } = await import("../../app.js");
    const path = await import("node:path");
    w.t.db = await openDatabase(await testDatabase(w.t.dir));
    w.t.app = await buildApp({ db: w.t.db, root: w.t.root, webDist: path.join(w.t.dir, "no-web") });
    await w.t.app.ready();
    const token = await w.t.login();
    const audit = async () =>
      (await w.t.app.inject({ url: "/api/audit", headers: { "x-auth": token } })).json<
        { action: string }[]
      >();
    // The sweep starts with the app and runs beside the first requests.
    await expect
      .poll(async () => (await audit()).some((e) => e.action === "create"), { timeout: 10_000 })
      .toBe(false);
    expect((await audit()).some((e) => e.action === "move")).toBe(true);
  });
});

describe("GET /api/audit", () => {
  beforeEach(async () => {
    await w.create("ada", '/docs/=cmd,"quoted"\nline.txt');
    await w.create("bob", "/b.txt");
  });

  it("filters by user, action, path and time", async () => {
    expect((await w.audit("?user=bob&action=create")).map((e) => e.path)).toEqual(["/team/b.txt"]);
    expect((await w.audit("?path=/team/docs")).map((e) => e.user)).toEqual(["ada"]);
    expect(await w.audit("?path=/team/doc")).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await w.audit(`?since=${future}`)).toEqual([]);
    expect(await w.audit(`?until=2000-01-01`)).toEqual([]);
    expect(await w.audit("?limit=1")).toHaveLength(1);
  });

  it("CSV: a header, quoted fields, formulas neutralised, a dated attachment", async () => {
    const res = await w.call("admin", "GET", "/api/audit?format=csv&action=create");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="audit-${day}.csv"`);
    const rows = res.body.split("\r\n");
    expect(rows[0]).toBe("time,user,action,path,to,detail,requestId,address");
    expect(res.body).toContain(`,ada,create,"/team/docs/=cmd,""quoted""\nline.txt",,,`);
    expect(res.body).toMatch(/,bob,create,\/team\/b\.txt,,,[0-9a-f-]{36},127\.0\.0\.1\r\n/);
  });

  it("a long log is exported whole, page after page", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      time: 1_000_000 + i,
      user_id: null,
      username: "script",
      action: "create",
      path: `/bulk/${i}.txt`,
      to_path: null,
      detail: null,
      request_id: "r",
      address: "",
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await w.t.db
        .insertInto("activity")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const res = await w.call("admin", "GET", "/api/audit?format=csv&user=script");
    const lines = res.body.split("\r\n").filter((l) => l !== "");
    expect(lines).toHaveLength(2501);
    expect(lines[1]).toContain("/bulk/2499.txt");
    expect(lines[2500]).toContain("/bulk/0.txt");
    expect(await w.audit("?user=script")).toHaveLength(1000);
  });

  it("bad filters: 400; unknown action: 400", async () => {
    for (const query of [
      "?action=explode",
      "?since=soon",
      "?until=x",
      "?path=relative",
      "?format=xml",
      "?limit=0",
    ]) {
      expect((await w.call("admin", "GET", `/api/audit${query}`)).statusCode, query).toBe(400);
    }
  });
});
