import { appendFile, mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Item, Resource } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let ada: string;
let bob: string;
let folder: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/" } });
  await t.createUser({
    username: "bob",
    password: "bob-password-12",
    fields: {
      scope: "/",
      rules: [{ allow: false, path: "/opera/secret.tex", regex: false, regexp: { raw: "" } }],
    },
  });
  folder = path.join(t.root, "opera");
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < 20; i++) await writeFile(path.join(folder, `c${i}.tex`), `\\section{${i}}\n`);
  await writeFile(path.join(folder, "secret.tex"), "x");
  ada = await t.login("ada", "ada-password-12");
  bob = await t.login("bob", "bob-password-12");
});
afterEach(() => t.close());

async function list(token: string, url = "/api/resources/opera/"): Promise<Resource> {
  const res = await t.app.inject({ method: "GET", url, headers: { "X-Auth": token } });
  expect(res.statusCode).toBe(200);
  return res.json<Resource>();
}
const names = (r: Resource) => (r.items ?? []).map((i: Item) => i.name).sort();
const item = (r: Resource, name: string) => r.items?.find((i) => i.name === name);

/** Polls until `check` passes (a change made outside the app reaches the watcher). */
async function eventually(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 3000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe("folder listings kept between requests", () => {
  it("show every change made through the app in the very next listing", async () => {
    expect(names(await list(ada))).toHaveLength(21);
    const headers = { "X-Auth": ada };
    let res = await t.app.inject({
      method: "POST",
      url: "/api/resources/opera/new.tex",
      headers,
      payload: "new",
    });
    expect(res.statusCode).toBe(200);
    expect(item(await list(ada), "new.tex")?.size).toBe(3);

    // A save that changes a file's size but not the folder's entries.
    res = await t.app.inject({
      method: "PUT",
      url: "/api/resources/opera/c1.tex",
      headers,
      payload: "a much longer content than before",
    });
    expect(res.statusCode).toBe(200);
    expect(item(await list(ada), "c1.tex")?.size).toBe(33);

    res = await t.app.inject({
      method: "PATCH",
      url: "/api/resources/opera/c2.tex?action=rename&destination=%2Fopera%2Frenamed.tex",
      headers,
    });
    expect(res.statusCode).toBe(200);
    let after = names(await list(ada));
    expect(after).toContain("renamed.tex");
    expect(after).not.toContain("c2.tex");

    res = await t.app.inject({ method: "DELETE", url: "/api/resources/opera/c3.tex", headers });
    expect(res.statusCode).toBe(204);
    after = names(await list(ada));
    expect(after).not.toContain("c3.tex");
  });

  it("a save made while the folder is being read shows in every listing asked after it", async () => {
    const big = path.join(t.root, "big");
    await mkdir(big);
    for (let i = 0; i < 3000; i++) await writeFile(path.join(big, `f${i}.tex`), "");
    const headers = { "X-Auth": ada };
    for (let round = 0; round < 5; round++) {
      // Readers begin: the folder is being read while the save runs.
      const during = [0, 1, 2].map(() => list(ada, "/api/resources/big/"));
      await new Promise((r) => setImmediate(r));
      const content = "x".repeat(round + 1);
      const saved = await t.app.inject({
        method: "PUT",
        url: "/api/resources/big/f7.tex",
        headers,
        payload: content,
      });
      expect(saved.statusCode).toBe(200);
      const after = await Promise.all([0, 1].map(() => list(ada, "/api/resources/big/")));
      for (const listing of after) expect(item(listing, "f7.tex")?.size).toBe(content.length);
      for (const listing of await Promise.all(during)) expect(listing.items).toHaveLength(3000);
    }
  });

  it("show changes made outside the app: entries, and a file written in place", async () => {
    await list(ada);
    await writeFile(path.join(folder, "outside.tex"), "from the shell");
    await eventually(async () => expect(names(await list(ada))).toContain("outside.tex"));
    // Appending changes the file, not the folder's entries: the watcher sees it.
    await appendFile(path.join(folder, "c5.tex"), "more text from another program\n");
    await eventually(async () => expect(item(await list(ada), "c5.tex")?.size).toBe(43));
    await rm(path.join(folder, "c6.tex"));
    await rename(path.join(folder, "c7.tex"), path.join(folder, "c77.tex"));
    await eventually(async () => {
      const now = names(await list(ada));
      expect(now).not.toContain("c6.tex");
      expect(now).toContain("c77.tex");
    });
  });

  it("apply each user's rules and sorting to the same folder", async () => {
    expect(names(await list(ada))).toContain("secret.tex");
    expect(names(await list(bob))).not.toContain("secret.tex");
    expect(names(await list(ada))).toContain("secret.tex");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/users/3",
      headers: { "X-Auth": bob },
      payload: {
        what: "user",
        which: ["sorting"],
        data: { id: 3, sorting: { by: "name", asc: false } },
      },
    });
    expect(res.statusCode).toBe(200);
    const bobs = (await list(bob)).items?.map((i) => i.name) ?? [];
    expect(bobs[0]).toBe("c19.tex");
    expect(bobs).not.toContain("secret.tex");
  });

  it("see through the same folder reached by a link, and changes made through either path", async () => {
    await symlink(folder, path.join(t.root, "alias"));
    expect(names(await list(ada, "/api/resources/alias/"))).toHaveLength(21);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/resources/alias/via-link.tex",
      headers: { "X-Auth": ada },
      payload: "x",
    });
    expect(res.statusCode).toBe(200);
    expect(names(await list(ada))).toContain("via-link.tex");
    expect(names(await list(ada, "/api/resources/alias/"))).toContain("via-link.tex");
  });

  it("do not keep a folder holding links, whose targets can change unseen", async () => {
    await mkdir(path.join(t.root, "elsewhere"));
    await writeFile(path.join(t.root, "elsewhere", "target.tex"), "x");
    await symlink(path.join(t.root, "elsewhere", "target.tex"), path.join(folder, "link.tex"));
    expect(item(await list(ada), "link.tex")?.size).toBe(1);
    await writeFile(path.join(t.root, "elsewhere", "target.tex"), "longer");
    expect(item(await list(ada), "link.tex")?.size).toBe(6);
  });
});
