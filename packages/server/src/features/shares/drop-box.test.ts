import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicShare, Share, ShareActivity } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { perm } from "../../test/attack-target.js";

let t: TestContext;
let ada: string;
let inbox: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: { scope: "/ada", perm: perm() },
  });
  inbox = path.join(t.root, "ada", "inbox");
  await mkdir(inbox, { recursive: true });
  await writeFile(path.join(inbox, "old.txt"), "already here");
  ada = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

async function dropBox(body: object = {}): Promise<Share> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/share/inbox/",
    headers: { "x-auth": ada },
    payload: JSON.stringify({ mode: "upload", ...body }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Share>();
}

const b64 = (s: string) => Buffer.from(s).toString("base64");

function start(url: string, length: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "upload-length": String(length), ...headers },
  });
}

function chunk(url: string, offset: number, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "PATCH",
    url,
    headers: {
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...headers,
    },
    payload: body,
  });
}

describe("drop boxes", () => {
  it("receive a resumable upload, tell who sent it, and never list", async () => {
    const box = await dropBox();
    expect(box.mode).toBe("upload");
    const url = `/api/public/tus/${box.hash}/scan%201.txt`;
    const created = await start(url, 10, { "upload-metadata": `uploader ${b64("Giulia R.")}` });
    expect(created.statusCode, created.body).toBe(201);
    expect((await chunk(url, 0, "01234")).headers["upload-offset"]).toBe("5");
    const head = await t.app.inject({ method: "HEAD", url });
    expect(head.headers["upload-offset"]).toBe("5");
    // Nothing under the final name until the last byte.
    expect(await readdir(inbox)).not.toContain("scan 1.txt");
    expect((await chunk(url, 5, "56789")).statusCode).toBe(204);
    expect(await readFile(path.join(inbox, "scan 1.txt"), "utf8")).toBe("0123456789");

    const info = await t.app.inject({ url: `/api/public/share/${box.hash}` });
    const body = info.json<PublicShare>();
    expect(body.share).toMatchObject({ mode: "upload", isDir: true, name: "inbox" });
    expect(body.items).toBeUndefined();
    expect(info.body).not.toContain("old.txt");
    expect(info.body).not.toContain("scan");

    const activity = await t.app.inject({
      url: `/api/shares/${box.hash}/activity`,
      headers: { "x-auth": ada },
    });
    expect(activity.json<ShareActivity[]>()).toEqual([
      expect.objectContaining({
        kind: "upload",
        name: "/scan 1.txt",
        size: 10,
        visitor: "Giulia R.",
      }),
    ]);
    const list = await t.app.inject({ url: "/api/share/inbox/", headers: { "x-auth": ada } });
    expect(list.json<Share[]>()[0]?.uploads).toBe(1);
  });

  it("refuse overwriting, reading, listing sub-paths, downloading and deleting", async () => {
    const box = await dropBox();
    const old = `/api/public/tus/${box.hash}/old.txt`;
    expect(errorOf(await start(old, 3)).status).toBe(409);
    expect(errorOf(await start(`${old}?override=true`, 3)).status).toBe(409);
    expect((await t.app.inject({ method: "HEAD", url: old })).statusCode).toBe(404);
    expect((await chunk(old, 12, "x")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: old })).statusCode).toBe(404);
    for (const url of [
      `/api/public/dl/${box.hash}/old.txt`,
      `/api/public/dl/${box.hash}/`,
      `/api/public-inline/dl/${box.hash}/old.txt`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(403);
    }
    const sub = await t.app.inject({ url: `/api/public/share/${box.hash}/old.txt` });
    expect(sub.body).not.toContain("already here");
    expect(sub.json<PublicShare>().items).toBeUndefined();
    expect(await readFile(path.join(inbox, "old.txt"), "utf8")).toBe("already here");
  });

  it("hold their size and file-count limits, and need a length", async () => {
    const box = await dropBox({ maxUploadBytes: 4, maxUploads: 1 });
    const url = (name: string) => `/api/public/tus/${box.hash}/${name}`;
    expect(errorOf(await start(url("big.txt"), 5)).status).toBe(413);
    const lengthless = await t.app.inject({ method: "POST", url: url("x.txt") });
    expect(errorOf(lengthless).status).toBe(400);
    expect((await start(url("a.txt"), 4)).statusCode).toBe(201);
    expect(errorOf(await start(url("b.txt"), 1))).toMatchObject({ code: "DROP_BOX_FULL" });
    expect((await chunk(url("a.txt"), 0, "abcd")).statusCode).toBe(204);
    expect(errorOf(await start(url("c.txt"), 1))).toMatchObject({ code: "DROP_BOX_FULL" });
    expect(await readdir(inbox)).toEqual(expect.arrayContaining(["a.txt", "old.txt"]));
    expect((await readdir(inbox)).filter((n) => !n.startsWith("."))).toHaveLength(2);
  });

  it("with a password: every tus call needs it", async () => {
    const box = await dropBox({ password: "sesame" });
    const url = `/api/public/tus/${box.hash}/a.txt`;
    expect((await start(url, 1)).statusCode).toBe(401);
    const pw = { "x-share-password": "sesame" };
    expect((await start(url, 1, pw)).statusCode).toBe(201);
    expect((await chunk(url, 0, "a")).statusCode).toBe(401);
    expect((await chunk(url, 0, "a", pw)).statusCode).toBe(204);
  });

  it("a visitor cannot continue the owner's own upload in the same folder", async () => {
    const box = await dropBox();
    const own = await t.app.inject({
      method: "POST",
      url: "/api/tus/inbox/mine.txt",
      headers: { "x-auth": ada, "upload-length": "4" },
    });
    expect(own.statusCode).toBe(201);
    const url = `/api/public/tus/${box.hash}/mine.txt`;
    expect((await chunk(url, 0, "evil")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "HEAD", url })).statusCode).toBe(404);
    expect(errorOf(await start(url, 4)).status).toBe(423);
  });
});
