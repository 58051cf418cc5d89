import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PublicShare, Share, ToolStates } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOf, send, startTarget, type Target } from "../test/attack-target.js";
import { STANDIN_FOLDER } from "../test/tools-target.js";

/**
 * `GET /api/mauro/tools` (issue 30) under attack: no session, a forged one, a share's token;
 * a user who is not an admin never learns where programs are on the server, their versions or
 * the support folders.
 */
let target: Target;
const URL = "/api/mauro/tools";

beforeAll(async () => {
  target = await startTarget({
    app: {
      settings: (s) => {
        s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
        s.tools.supportFolders = [STANDIN_FOLDER];
      },
    },
  });
});
afterAll(() => target.close());

describe("who may ask", () => {
  it("is 401 without a token, with a forged or empty one", async () => {
    for (const token of [undefined, "", "x.y.z", target.tokens.ada.slice(0, -4) + "AAAA"]) {
      const headers: Record<string, string> = token === undefined ? {} : { "x-auth": token };
      expect((await target.send(URL, { headers })).status, String(token)).toBe(401);
    }
  });

  it("a share's token is no session", async () => {
    await mkdir(path.join(target.ada, "pub", "tools-shared"), { recursive: true });
    const made = await target.as("ada", "/api/share/pub/tools-shared/", {
      method: "POST",
      body: JSON.stringify({ password: "share-password-1" }),
    });
    const share = jsonOf<Share>(made);
    const visit = await target.send(`/api/public/share/${share.hash}`, {
      headers: { "x-share-password": "share-password-1" },
    });
    const token = jsonOf<PublicShare>(visit).token ?? "";
    expect(token).not.toBe("");
    const ways: Record<string, string>[] = [{ "x-auth": token }, { cookie: `auth=${token}` }];
    for (const headers of ways) {
      expect((await target.send(URL, { headers })).status).toBe(401);
    }
    expect((await target.send(`${URL}?auth=${token}`)).status).toBe(401);
  });
});

describe("what a user who is not an admin learns", () => {
  it("names and states only: no program, no version, no support folder", async () => {
    const res = await target.as("ada", URL);
    expect(res.status).toBe(200);
    const states = jsonOf<ToolStates>(res);
    expect(states.tools.map((t) => t.name)).toContain("m2hv");
    expect(states.tools.find((t) => t.name === "m2hv")?.installed).toBe(true);
    expect(states.supportFolders).toBeUndefined();
    for (const tool of states.tools) {
      expect(tool.program, tool.name).toBeUndefined();
      expect(tool.version, tool.name).toBeUndefined();
    }
    const text = res.body.toString();
    expect(text).not.toContain(STANDIN_FOLDER);
    expect(text).not.toContain("/usr/bin");
    expect(text).not.toMatch(/pdfTeX|usage/i);
  });

  it("a query asking for more changes nothing", async () => {
    for (const query of ["?admin=true", "?supportFolders=1", "?program=1&version=1"]) {
      const res = await target.as("ada", `${URL}${query}`);
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) {
        const states = jsonOf<ToolStates>(res);
        expect(states.supportFolders, query).toBeUndefined();
        expect(states.tools.every((t) => t.program === undefined)).toBe(true);
      }
    }
  });

  it("the admin does get them", async () => {
    // Raw: the admin's answer names server paths by design (target.as would refuse it).
    const res = await send(target.port, URL, { headers: { "x-auth": target.tokens.admin } });
    const states = jsonOf<ToolStates>(res);
    expect(states.tools.find((t) => t.name === "m2hv")?.program).toBe(
      path.join(STANDIN_FOLDER, "m2hv"),
    );
    expect(states.supportFolders?.[0]).toMatchObject({ path: STANDIN_FOLDER, exists: true });
  });
});
