/** File Browser's share calls (API.md Part B §7, with Part A §12): the dialog, the list, the share page. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readArchive } from "../test/archive-read.js";
import { encodePath, errorBody, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
  await mkdir(path.join(c.scope, "docs", "photos"), { recursive: true });
  await writeFile(path.join(c.scope, "docs", "notes.txt"), "ciao\n");
  await writeFile(path.join(c.scope, "docs", "a, b + c.txt"), "comma and plus");
  await writeFile(path.join(c.scope, "docs", "photos", "p1.jpg"), "not really a jpeg");
  await writeFile(path.join(c.scope, "docs", "index.html"), "<h1>Editio</h1>");
});
afterEach(() => c.t.close());

interface FbShare {
  hash: string;
  path: string;
  userID: number;
  expire: number;
  token?: string;
  password_hash?: string;
}

/** The share dialog's POST: the query it appends (ignored) and a text/plain JSON body (§7.2). */
async function createLink(p: string, password = "", expires = "", unit = "hours") {
  const res = await c.api(`/api/share${encodePath(p)}?expires=${expires}&unit=${unit}`, {
    method: "POST",
    body: JSON.stringify({ password, expires, unit }),
  });
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.status).toBe(200);
  return (await res.json()) as FbShare;
}

/** A request of the public share page: no X-Auth at all. */
const visit = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${c.base}${url}`, { headers });

describe("the share dialog (§7.2)", () => {
  it("creates a permanent link to a folder URL (trailing slash) and lists it", async () => {
    const share = await createLink("/docs/");
    expect(share).toMatchObject({ path: "/docs/", expire: 0 });
    expect(share.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share.userID).toBeGreaterThan(0);
    const listed = await c.api(`/api/share${encodePath("/docs/")}`);
    expect(((await listed.json()) as FbShare[]).map((s) => s.hash)).toEqual([share.hash]);
  });

  it("an expiry in each unit the dialog offers, hours for anything else", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, number][] = [
      ["30", "seconds", 30],
      ["5", "minutes", 300],
      ["2", "hours", 7200],
      ["1", "days", 86400],
      ["3", "fortnights", 3 * 3600],
    ];
    for (const [expires, unit, seconds] of cases) {
      const share = await createLink("/docs/notes.txt", "", expires, unit);
      expect(share.expire - now, unit).toBeGreaterThanOrEqual(seconds);
      expect(share.expire - now, unit).toBeLessThanOrEqual(seconds + 5);
    }
  });

  it("a password link: no password_hash and no token in the answer (Part A §12)", async () => {
    const share = await createLink("/docs/notes.txt", "sesame");
    expect(share.password_hash).toBeUndefined();
    expect(share.token).toBeUndefined();
  });

  it("an empty body is 400 (§7.2)", async () => {
    const res = await c.api("/api/share/docs/notes.txt", { method: "POST", body: "" });
    expect((await errorBody(res)).status).toBe(400);
  });

  it("the shares page: GET /api/shares, then DELETE /api/share/{hash}", async () => {
    const a = await createLink("/docs/notes.txt");
    const b = await createLink("/docs/");
    const all = (await (await c.api("/api/shares")).json()) as FbShare[];
    expect(all.map((s) => s.hash).sort()).toEqual([a.hash, b.hash].sort());
    const del = await c.api(`/api/share/${a.hash}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    const left = (await (await c.api("/api/shares")).json()) as FbShare[];
    expect(left.map((s) => s.hash)).toEqual([b.hash]);
    // Our decision (Part A §12): an unknown hash is 404, not the reference's 200.
    const again = await c.api(`/api/share/${a.hash}`, { method: "DELETE" });
    expect((await errorBody(again)).status).toBe(404);
  });
});

describe("the share page (§7.3)", () => {
  it("a folder link: the listing is share-relative, items build /share/{hash}/… URLs", async () => {
    const share = await createLink("/docs/");
    const res = await visit(`/api/public/share/${share.hash}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { path: string; items: { path: string; name: string }[] };
    expect(body.path).toBe("/");
    expect(body.items.map((i) => i.path)).toEqual([
      "/photos",
      "/a, b + c.txt",
      "/index.html",
      "/notes.txt",
    ]);
    const sub = await visit(`/api/public/share/${share.hash}/photos`);
    expect(((await sub.json()) as { path: string }).path).toBe("/photos");
  });

  it("a file link answers path '' and downloads with its name", async () => {
    const share = await createLink("/docs/a, b + c.txt");
    const info = (await (await visit(`/api/public/share/${share.hash}`)).json()) as {
      path: string;
      name: string;
    };
    expect(info).toMatchObject({ path: "", name: "a, b + c.txt" });
    const dl = await visit(`/api/public/dl/${share.hash}`);
    expect(await dl.text()).toBe("comma and plus");
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("a password: 401, then X-SHARE-PASSWORD encoded, and a token for the links", async () => {
    const password = "s3same + ünïcode";
    const share = await createLink("/docs/", password);
    const refused = await visit(`/api/public/share/${share.hash}`);
    expect(refused.status).toBe(401);
    const res = await visit(`/api/public/share/${share.hash}`, {
      "X-SHARE-PASSWORD": encodeURIComponent(password),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(typeof token).toBe("string");
    // A single item's link: the item path encoded whole, slashes as %2F (§7.3).
    const item = await visit(
      `/api/public/dl/${share.hash}${encodeURIComponent("/photos/p1.jpg")}?token=${token}`,
    );
    expect(await item.text()).toBe("not really a jpeg");
    // The page's own link with /share/ replaced by /api/public/dl/ and ?token= appended.
    const rewritten = await visit(`/api/public/dl/${share.hash}/notes.txt?token=${token}`);
    expect(await rewritten.text()).toBe("ciao\n");
  });

  it("a selection as the page downloads it: files= encoded twice, every algo", async () => {
    const share = await createLink("/docs/");
    const files = encodeURIComponent(["/notes.txt", "/photos"].map(encodePath).join(","));
    for (const algo of ["zip", "tar", "targz", "tarbz2", "tarxz", "tarlz4", "tarsz"]) {
      const res = await visit(`/api/public/dl/${share.hash}/?files=${files}&algo=${algo}`);
      expect(res.status, algo).toBe(200);
      const entries = await readArchive(Buffer.from(await res.arrayBuffer()), algo);
      expect([...entries.keys()].sort(), algo).toEqual(
        expect.arrayContaining(["notes.txt", "photos/p1.jpg"]),
      );
    }
  });

  it("the dialog's 'open' button: /api/public-inline/dl/{hash}/index.html", async () => {
    const share = await createLink("/docs/");
    const res = await visit(`/api/public-inline/dl/${share.hash}/index.html`);
    expect(await res.text()).toBe("<h1>Editio</h1>");
    expect(res.headers.get("content-security-policy")).toMatch(/sandbox/);
  });

  it("'open' on a shared .tex shows it as text, in a file link and in a folder link (issue 31)", async () => {
    await writeFile(path.join(c.scope, "docs", "liber.tex"), "\\VV{{A:unus}{B:duo}}\n");
    const file = await createLink("/docs/liber.tex");
    const own = await visit(`/api/public-inline/dl/${file.hash}/index.html`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(own.headers.get("content-disposition")).toMatch(/^inline/);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await own.text()).toBe("\\VV{{A:unus}{B:duo}}\n");
    const folder = await createLink("/docs/");
    const inFolder = await visit(`/api/public-inline/dl/${folder.hash}/liber.tex`);
    expect(inFolder.status).toBe(200);
    expect(inFolder.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const viaDl = await visit(`/api/public/dl/${folder.hash}/liber.tex?inline=true`);
    expect(viaDl.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(viaDl.headers.get("content-disposition")).toMatch(/^inline/);
    const download = await visit(`/api/public/dl/${folder.hash}/liber.tex`);
    expect(download.headers.get("content-type")).toBe("application/x-tex; charset=utf-8");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("an unknown link is 404 with an error body", async () => {
    const res = await visit("/api/public/share/nothere");
    expect((await errorBody(res)).status).toBe(404);
  });
});
