import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, PublicShare, Share } from "@scriptorium/shared";
import { openStream } from "../test/activity-world.js";
import { expectNoLeak, jsonOf, patchUrl, startTarget, type Target } from "../test/attack-target.js";

/**
 * The activity routes (issue 29): no session, a non-admin on the audit, scope escapes on
 * /api/activity (`..`, encoded, links), share visitors, bad input; and above all a user whose
 * rules deny `/private` (ada) never sees a line or a live change naming anything in it.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({ extra: [{ name: "o-hidden" }] });
  await target.t.db
    .updateTable("users")
    .set({ hide_dotfiles: 1 })
    .where("username", "=", "o-hidden")
    .execute();
});
afterAll(() => target.close());

const ROUTES = [
  "/api/activity/",
  "/api/activity/pub",
  "/api/audit",
  "/api/audit?format=csv",
  "/api/events",
];

/** ada's activity of `p` (raw answer, checked to leak nothing). */
async function activityOf(user: string, p: string) {
  const res = await target.as(user, `/api/activity${p}`);
  expectNoLeak(target, res, `${user} ${p}`);
  return res;
}

/** The admin (scope /) changes files in ada's scope: ada's rules do not apply to them. */
async function adminDoes(method: string, url: string, body?: string) {
  const res = await target.as("admin", url, { method, ...(body !== undefined && { body }) });
  expect(res.status, `${method} ${url}: ${res.body.toString()}`).toBeLessThan(300);
}

describe("no session, no admin", () => {
  it("every route is 401 without a token, with a forged or empty one", async () => {
    for (const token of [undefined, "", "x.y.z", target.tokens.ada.slice(0, -4) + "AAAA"]) {
      for (const url of ROUTES) {
        const headers: Record<string, string> = token === undefined ? {} : { "x-auth": token };
        const res = await target.send(url, { headers });
        expect(res.status, `${url} with ${token}`).toBe(401);
      }
    }
  });

  it("a non-admin gets 403 on the audit, whatever the query", async () => {
    for (const query of ["", "?format=csv", "?action=explode", "?limit=-1", "?user=admin"]) {
      const res = await target.as("ada", `/api/audit${query}`);
      expect(res.status, query).toBe(403);
    }
  });

  it("a share's visitor has no way in: the link's token is no session", async () => {
    await mkdir(path.join(target.ada, "pub", "shared"), { recursive: true });
    const made = await target.as("ada", "/api/share/pub/shared/", {
      method: "POST",
      body: JSON.stringify({ password: "share-password-1" }),
    });
    const share = jsonOf<Share>(made);
    const visit = await target.send(`/api/public/share/${share.hash}`, {
      headers: { "x-share-password": "share-password-1" },
    });
    const token = jsonOf<PublicShare>(visit).token ?? "";
    expect(token).not.toBe("");
    for (const url of ROUTES) {
      const ways: Record<string, string>[] = [{ "x-auth": token }, { cookie: `auth=${token}` }];
      for (const headers of ways) {
        expect((await target.send(url, { headers })).status, url).toBe(401);
      }
      const sep = url.includes("?") ? "&" : "?";
      expect((await target.send(`${url}${sep}auth=${token}`)).status, url).toBe(401);
    }
    expect(visit.body.toString()).not.toMatch(/activity|"action"/);
  });
});

describe("a path the rules deny never appears", () => {
  it("lines and live changes about /private: not a path, not a name, not a `to`", async () => {
    const port = target.port;
    const live = await openStream(port, { cookie: `auth=${target.tokens.ada}` });
    expect(live.status).toBe(200);
    await writeFile(path.join(target.ada, "pub", "out.txt"), "going in");
    await writeFile(path.join(target.ada, "private", "leaving.txt"), "going out");
    await adminDoes("POST", "/api/resources/ada/private/hidden-name.txt?override=false", "x");
    await adminDoes("PUT", "/api/resources/ada/private/hidden-name.txt", "y");
    await adminDoes(
      "PATCH",
      patchUrl("/ada/private/hidden-name.txt", "rename", "/ada/private/other-name.txt"),
    );
    await adminDoes(
      "PATCH",
      patchUrl("/ada/private/other-name.txt", "copy", "/ada/private/copy-name.txt"),
    );
    await adminDoes("DELETE", "/api/resources/ada/private/copy-name.txt");
    await adminDoes("PATCH", patchUrl("/ada/pub/out.txt", "rename", "/ada/private/into.txt"));
    await adminDoes(
      "PATCH",
      patchUrl("/ada/private/leaving.txt", "rename", "/ada/pub/came-out.txt"),
    );
    await adminDoes("POST", "/api/resources/ada/pub/last.txt?override=false", "z");
    await live.waitFor((c) => c.path === "/pub/last.txt");

    const res = await activityOf("ada", "/");
    const lines = jsonOf<ActivityEntry[]>(res);
    const said = res.body.toString() + live.raw();
    for (const word of [
      "private",
      "hidden-name",
      "other-name",
      "copy-name",
      "into.txt",
      "leaving",
    ]) {
      expect(said, word).not.toContain(word);
    }
    // The two moves across the line show only their side in the light.
    expect(lines.slice(0, 3).map((l) => [l.action, l.path, l.to ?? ""])).toEqual([
      ["create", "/pub/last.txt", ""],
      ["move", "", "/pub/came-out.txt"],
      ["move", "/pub/out.txt", ""],
    ]);
    expect(live.changes.map((c) => [c.action, c.path, c.to ?? ""])).toEqual([
      ["move", "/pub/out.txt", ""],
      ["move", "", "/pub/came-out.txt"],
      ["create", "/pub/last.txt", ""],
    ]);
    live.close();
    // The admin's audit has it all.
    const audit = (await target.as("admin", "/api/audit?path=/ada/private")).body.toString();
    expect(audit).toContain("hidden-name.txt");
  });

  it("the denied folder itself is 403; a hidden folder is hidden from who hides them", async () => {
    const denied = await activityOf("ada", "/private");
    expect(denied.status).toBe(403);
    await adminDoes("POST", "/api/resources/ada/.config/settings.ini?override=false", "x");
    const hider = jsonOf<ActivityEntry[]>(await activityOf("o-hidden", "/"));
    expect(JSON.stringify(hider)).not.toContain(".config");
    const shower = jsonOf<ActivityEntry[]>(await activityOf("ada", "/"));
    expect(shower.map((l) => l.path)).toContain("/.config/settings.ini");
  });
});

describe("scope escapes on /api/activity", () => {
  it("another user's lines never show, by any spelling of the path", async () => {
    await target.as("eve", "/api/resources/eve-file.txt?override=false", {
      method: "POST",
      body: "e",
    });
    for (const p of [
      "/..",
      "/../eve",
      "/%2e%2e/eve",
      "/..%2feve",
      "/%2e%2e%2f%2e%2e",
      "/pub/../../eve",
      "/%252e%252e/eve",
      "//eve",
      "/escape",
      "/escape/x",
    ]) {
      const res = await activityOf("ada", p);
      expect([200, 400, 403, 404], `${p}: ${res.status}`).toContain(res.status);
      expect(res.body.toString(), p).not.toContain("eve-file");
    }
    // Through a link out of the scope: refused, not followed.
    expect((await activityOf("ada", "/escape")).status).toBe(403);
  });

  it("a link inside the scope to the denied folder opens nothing", async () => {
    const { symlink } = await import("node:fs/promises");
    await symlink(path.join(target.ada, "private"), path.join(target.ada, "pub", "door"));
    const res = await activityOf("ada", "/pub/door");
    expect(res.status).toBe(403);
  });
});

describe("bad input", () => {
  it("is 400, never 500", async () => {
    for (const url of [
      "/api/activity/?since=yesterday",
      "/api/activity/?since=2026-02-31T99:00:00Z",
      "/api/activity/?limit=0",
      "/api/activity/?limit=100000",
      "/api/activity/?limit=abc",
      `/api/activity/?since=${"9".repeat(50)}`,
      "/api/audit?action=explode",
      "/api/audit?action=",
      "/api/audit?since=later",
      "/api/audit?until=%00",
      "/api/audit?path=no-slash",
      "/api/audit?path=/a%00b",
      "/api/audit?limit=0",
      "/api/audit?format=pdf",
    ]) {
      const res = await target.as("admin", url);
      expect(res.status, url).toBe(400);
    }
  });
});
