import { execFileSync } from "node:child_process";
import {
  chmod,
  mkdir,
  readFile,
  readdir,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Item, Resource } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
let scope: string;

const TEX = "\\section{De centris}\nVarietas lectionum.\n";

beforeEach(async () => {
  t = await createTestApp({
    settings: (s) =>
      (s.rules = [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }]),
  });
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "edition", "sub"), { recursive: true });
  await mkdir(path.join(scope, "private"), { recursive: true });
  await mkdir(path.join(scope, "privateer"), { recursive: true });
  await mkdir(path.join(t.root, "outside"), { recursive: true });
  await writeFile(path.join(t.root, "outside", "secret.txt"), "top secret");
  await writeFile(path.join(scope, "edition", "citlonga.tex"), TEX);
  await writeFile(path.join(scope, "edition", "empty.txt"), "");
  await writeFile(
    path.join(scope, "edition", "data.bin"),
    Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]),
  );
  await writeFile(path.join(scope, "edition", "notes"), "plain text without extension\n");
  await writeFile(path.join(scope, "edition", ".hidden"), "dot");
  await writeFile(path.join(scope, "edition", "clip.mp4"), Buffer.alloc(64));
  await writeFile(
    path.join(scope, "edition", "clip.en.srt"),
    "1\n00:00:01,000 --> 00:00:02,000\nHi\n",
  );
  await writeFile(path.join(scope, "edition", "sub", "it.vtt"), "WEBVTT\n");
  await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
    .png()
    .toFile(path.join(scope, "edition", "folio.png"));
  await symlink(
    path.join(scope, "edition", "citlonga.tex"),
    path.join(scope, "edition", "link.tex"),
  );
  await symlink(path.join(t.root, "outside"), path.join(scope, "edition", "escape"));
  await symlink(path.join(scope, "nowhere"), path.join(scope, "edition", "broken"));
  await writeFile(path.join(scope, "private", "x.tex"), "no");
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "x-auth": token } });
const byName = (r: Resource) => new Map((r.items ?? []).map((i: Item) => [i.name, i]));

describe("GET /api/resources: listings", () => {
  it("lists a folder with every field, echoing the request path", async () => {
    const res = await get("/api/resources/edition/");
    expect(res.statusCode).toBe(200);
    const body = res.json<Resource>();
    expect(body).toMatchObject({
      path: "/edition/",
      name: "edition",
      isDir: true,
      isSymlink: false,
      type: "",
      extension: "",
    });
    expect(body.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/);
    expect(body.mode).toBeGreaterThanOrEqual(2 ** 31);
    expect(body.sorting).toEqual({ by: "name", asc: true });
    const items = byName(body);
    expect(items.get("citlonga.tex")).toMatchObject({
      path: "/edition/citlonga.tex",
      type: "text",
      extension: ".tex",
      size: TEX.length,
      isDir: false,
      isSymlink: false,
    });
    expect(items.get("citlonga.tex")?.mode).toBe(
      (await stat(path.join(scope, "edition", "citlonga.tex"))).mode & 0o777,
    );
    expect(items.get("empty.txt")).toMatchObject({ type: "text", size: 0 });
    expect(items.get("data.bin")?.type).toBe("blob");
    expect(items.get("notes")?.type).toBe("text");
    expect(items.get("folio.png")).toMatchObject({ type: "image", extension: ".png" });
    expect(items.get("clip.mp4")?.type).toBe("video");
    expect(items.get("sub")).toMatchObject({ isDir: true, type: "", path: "/edition/sub" });
    expect(items.get("link.tex")).toMatchObject({
      isSymlink: true,
      type: "text",
      size: TEX.length,
    });
    expect(items.get("escape")).toMatchObject({
      isSymlink: true,
      isDir: false,
      type: "invalid_link",
    });
    expect(items.get("broken")?.type).toBe("invalid_link");
    expect(items.get(".hidden")?.type).toBe("text");
    expect(body.numDirs).toBe(1);
    expect(body.numFiles).toBe((body.items?.length ?? 0) - 1);
    expect(Object.keys(items.get("citlonga.tex") ?? {})).not.toContain("content");
  });

  it("names the root after the scope folder and leaves rule-denied paths out", async () => {
    const body = (await get("/api/resources/")).json<Resource>();
    expect(body.name).toBe("ada");
    expect(body.path).toBe("/");
    const names = (body.items ?? []).map((i) => i.name);
    expect(names).toContain("privateer");
    expect(names).not.toContain("private");
  });

  it("hides dotfiles for users who ask, in listings and direct access", async () => {
    const admin = await t.login();
    await t.app.inject({
      method: "PUT",
      url: "/api/users/2",
      headers: { "x-auth": admin },
      payload: { what: "user", which: ["hideDotfiles"], data: { id: 2, hideDotfiles: true } },
    });
    const names = ((await get("/api/resources/edition/")).json<Resource>().items ?? []).map(
      (i) => i.name,
    );
    expect(names).not.toContain(".hidden");
    expect((await get("/api/resources/edition/.hidden")).statusCode).toBe(403);
  });

  it("sorts folders first and names with numbers naturally, in the user's direction", async () => {
    const dir = path.join(scope, "folios");
    await mkdir(path.join(dir, "z-folder"), { recursive: true });
    for (const n of ["f10.tex", "f2.tex", "f1.tex", "F3.tex", "f010.tex"])
      await writeFile(path.join(dir, n), n);
    const names = () =>
      get("/api/resources/folios/").then((r) =>
        (r.json<Resource>().items ?? []).map((i) => i.name),
      );
    expect(await names()).toEqual([
      "z-folder",
      "f1.tex",
      "f2.tex",
      "F3.tex",
      "f10.tex",
      "f010.tex",
    ]);
    const admin = await t.login();
    const put = (sorting: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/users/2",
        headers: { "x-auth": admin },
        payload: { what: "user", which: ["sorting"], data: { id: 2, sorting } },
      });
    await put({ by: "name", asc: false });
    expect(await names()).toEqual([
      "z-folder",
      "f010.tex",
      "f10.tex",
      "F3.tex",
      "f2.tex",
      "f1.tex",
    ]);
    await utimes(path.join(dir, "f2.tex"), new Date("2001-01-01"), new Date("2001-01-01"));
    await put({ by: "modified", asc: true });
    expect((await names())[1]).toBe("f2.tex");
    await writeFile(path.join(dir, "f1.tex"), "a much longer content than the others");
    await put({ by: "size", asc: false });
    expect((await names()).slice(0, 2)).toEqual(["z-folder", "f1.tex"]);
  });
});

describe("GET /api/resources: files", () => {
  it("returns a text file with its content, and textImmutable without modify", async () => {
    const body = (await get("/api/resources/edition/citlonga.tex")).json<Resource>();
    expect(body).toMatchObject({
      path: "/edition/citlonga.tex",
      name: "citlonga.tex",
      type: "text",
      content: TEX,
    });
    await t.createUser({
      username: "reader",
      password: "reader-password",
      fields: {
        scope: "/ada",
        perm: {
          admin: false,
          execute: false,
          create: false,
          rename: false,
          modify: false,
          delete: false,
          share: false,
          download: true,
          unzip: false,
        },
      },
    });
    const reader = await t.login("reader", "reader-password");
    const ro = await t.app.inject({
      method: "GET",
      url: "/api/resources/edition/citlonga.tex",
      headers: { "x-auth": reader },
    });
    expect(ro.json<Resource>()).toMatchObject({ type: "textImmutable", content: TEX });
  });

  it("gives images their resolution and videos their subtitles; empty files no content", async () => {
    expect((await get("/api/resources/edition/folio.png")).json<Resource>().resolution).toEqual({
      width: 40,
      height: 30,
    });
    const video = (await get("/api/resources/edition/clip.mp4")).json<Resource>();
    expect(video.subtitles?.sort()).toEqual(["/edition/clip.en.srt", "/edition/sub/it.vtt"]);
    const empty = (await get("/api/resources/edition/empty.txt")).json<Resource>();
    expect(empty.type).toBe("text");
    expect(empty).not.toHaveProperty("content");
    expect((await get("/api/resources/edition/data.bin")).json<Resource>()).not.toHaveProperty(
      "content",
    );
  });

  it("describes a link with the link's own mode, and a link leaving the scope is forbidden", async () => {
    const link = (await get("/api/resources/edition/link.tex")).json<Resource>();
    expect(link).toMatchObject({ isSymlink: true, size: TEX.length, type: "text" });
    expect(link.mode).toBeGreaterThanOrEqual(2 ** 27);
    expect((await get("/api/resources/edition/escape")).statusCode).toBe(403);
    expect((await get("/api/resources/edition/escape/secret.txt")).statusCode).toBe(403);
    expect((await get("/api/resources/edition/broken")).json<Resource>().type).toBe("invalid_link");
  });

  it("computes checksums equal to sha256sum and refuses unknown algorithms", async () => {
    const file = path.join(scope, "edition", "citlonga.tex");
    const expected = execFileSync("sha256sum", [file], { encoding: "utf8" }).split(" ")[0];
    const res = await get("/api/resources/edition/citlonga.tex?checksum=sha256");
    expect(res.json<Resource>().checksums).toEqual({ sha256: expected });
    expect(res.json<Resource>()).not.toHaveProperty("content");
    const md5 = execFileSync("md5sum", [file], { encoding: "utf8" }).split(" ")[0];
    expect(
      (await get("/api/resources/edition/citlonga.tex?checksum=md5")).json<Resource>().checksums
        ?.md5,
    ).toBe(md5);
    const bad = await get("/api/resources/edition/citlonga.tex?checksum=crc32");
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/crc32/);
  });

  it("answers 404 for missing paths and 403 for rule-denied ones", async () => {
    expect((await get("/api/resources/edition/missing.tex")).statusCode).toBe(404);
    expect((await get("/api/resources/private/x.tex")).statusCode).toBe(403);
    expect((await get("/api/resources/private/")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/resources/" })).statusCode).toBe(401);
  });
});

describe("POST, PUT and DELETE", () => {
  const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: string, auth = token) =>
    t.app.inject({
      method,
      url,
      headers: { "x-auth": auth, "content-type": "text/plain;charset=UTF-8" },
      payload,
    });

  it("creates folders and files, with 409 on an existing file unless override", async () => {
    expect((await send("POST", "/api/resources/edition/new/deep/")).statusCode).toBe(200);
    expect((await send("POST", "/api/resources/edition/new/deep/")).statusCode).toBe(200);
    const created = await send("POST", "/api/resources/edition/new/a.tex?override=false", "alpha");
    expect(created.statusCode).toBe(200);
    expect(created.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(await readFile(path.join(scope, "edition", "new", "a.tex"), "utf8")).toBe("alpha");
    const again = await send("POST", "/api/resources/edition/new/a.tex", "beta");
    expect(again.statusCode).toBe(409);
    expect(await readFile(path.join(scope, "edition", "new", "a.tex"), "utf8")).toBe("alpha");
    expect(
      (await send("POST", "/api/resources/edition/new/a.tex?override=true", "beta")).statusCode,
    ).toBe(200);
    expect(await readFile(path.join(scope, "edition", "new", "a.tex"), "utf8")).toBe("beta");
    expect((await send("POST", "/api/resources/edition/new/empty.tex")).statusCode).toBe(200);
    expect(await readFile(path.join(scope, "edition", "new", "empty.tex"), "utf8")).toBe("");
    expect((await send("POST", "/api/resources/edition/new/deep")).statusCode).toBe(409);
  });

  it("saves with PUT and GET returns the new content, leaving no temporary file", async () => {
    const content = "\\section{Nova}\n" + "x".repeat(100_000);
    const res = await send("PUT", "/api/resources/edition/citlonga.tex", content);
    expect(res.statusCode).toBe(200);
    expect((await get("/api/resources/edition/citlonga.tex")).json<Resource>().content).toBe(
      content,
    );
    expect(
      (await readdir(path.join(scope, "edition"))).filter((n) => n.includes("scriptorium-tmp")),
    ).toEqual([]);
    await chmod(path.join(scope, "edition", "citlonga.tex"), 0o664);
    await send("PUT", "/api/resources/edition/citlonga.tex", "again");
    expect((await stat(path.join(scope, "edition", "citlonga.tex"))).mode & 0o777).toBe(0o664);
    expect((await send("PUT", "/api/resources/edition/missing.tex", "x")).statusCode).toBe(404);
    expect((await send("PUT", "/api/resources/edition/", "x")).statusCode).toBe(405);
  });

  it("keeps the previous content when a save is cut off midway", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as { port: number }).port;
    const { connect } = await import("node:net");
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `PUT /api/resources/edition/citlonga.tex HTTP/1.1\r\nHost: x\r\nX-Auth: ${token}\r\n` +
            "Content-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n" +
            "partial ".repeat(1000),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await readFile(path.join(scope, "edition", "citlonga.tex"), "utf8")).toBe(TEX);
    expect(
      (await readdir(path.join(scope, "edition"))).filter((n) => n.includes("scriptorium-tmp")),
    ).toEqual([]);
  });

  it("deletes files, folders and links (never their targets), never the root", async () => {
    expect((await send("DELETE", "/api/resources/edition/escape")).statusCode).toBe(204);
    expect(await readFile(path.join(t.root, "outside", "secret.txt"), "utf8")).toBe("top secret");
    expect((await send("DELETE", "/api/resources/edition/sub")).statusCode).toBe(204);
    expect((await send("DELETE", "/api/resources/edition/sub")).statusCode).toBe(404);
    expect((await send("DELETE", "/api/resources/")).statusCode).toBe(403);
    expect((await send("DELETE", "/api/resources//")).statusCode).toBe(403);
    expect((await send("DELETE", "/api/resources/edition/..")).statusCode).toBe(403);
    expect((await send("DELETE", "/api/resources/private/x.tex")).statusCode).toBe(403);
  });

  it("checks create, modify and delete permissions", async () => {
    await t.createUser({
      username: "viewer",
      password: "viewer-password",
      fields: {
        scope: "/ada",
        perm: {
          admin: false,
          execute: false,
          create: false,
          rename: false,
          modify: false,
          delete: false,
          share: false,
          download: true,
          unzip: false,
        },
      },
    });
    const viewer = await t.login("viewer", "viewer-password");
    expect((await send("POST", "/api/resources/edition/x.tex", "x", viewer)).statusCode).toBe(403);
    expect((await send("POST", "/api/resources/edition/dir/", undefined, viewer)).statusCode).toBe(
      403,
    );
    expect((await send("PUT", "/api/resources/edition/citlonga.tex", "x", viewer)).statusCode).toBe(
      403,
    );
    expect(
      (await send("DELETE", "/api/resources/edition/citlonga.tex", undefined, viewer)).statusCode,
    ).toBe(403);
    expect(await readFile(path.join(scope, "edition", "citlonga.tex"), "utf8")).toBe(TEX);
  });
});

describe("traversal never leaves the scope", () => {
  const attempts = [
    "/api/resources/../outside/secret.txt",
    "/api/resources/%2e%2e/outside/secret.txt",
    "/api/resources/..%2foutside%2fsecret.txt",
    "/api/resources/%2e%2e%2f%2e%2e%2foutside/secret.txt",
    "/api/resources//..//..//outside/secret.txt",
    "/api/resources/edition/../../outside/secret.txt",
    "/api/resources/" + encodeURIComponent(path.join("/", "tmp")),
    "/api/resources/edition/escape/secret.txt",
  ];

  it("on GET, POST, PUT and DELETE", async () => {
    for (const url of attempts) {
      const read = await get(url);
      expect(read.body, url).not.toContain("top secret");
      expect([400, 403, 404], url).toContain(read.statusCode);
      for (const method of ["POST", "PUT", "DELETE"] as const) {
        await t.app.inject({ method, url, headers: { "x-auth": token }, payload: "pwned" });
      }
    }
    expect(await readFile(path.join(t.root, "outside", "secret.txt"), "utf8")).toBe("top secret");
    expect(await readdir(path.join(t.root, "outside"))).toEqual(["secret.txt"]);
    expect((await get("/api/resources/a%00b")).statusCode).toBe(400);
  });
});

describe("work in progress", () => {
  it("never lists staged files and sweeps those a crash left a day ago", async () => {
    const dir = path.join(scope, "edition");
    const fresh = path.join(dir, ".a.tex.0123456789ab.scriptorium-tmp");
    const stale = path.join(dir, ".b.tex.ba9876543210.scriptorium-tmp");
    await writeFile(fresh, "in progress");
    await writeFile(stale, "left by a crash");
    const old = new Date(Date.now() - 25 * 3600_000);
    await utimes(stale, old, old);
    const names = ((await get("/api/resources/edition/")).json<Resource>().items ?? []).map(
      (i) => i.name,
    );
    expect(names.filter((n) => n.includes("scriptorium-tmp"))).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    const onDisk = await readdir(dir);
    expect(onDisk).toContain(path.basename(fresh));
    expect(onDisk).not.toContain(path.basename(stale));
  });
});
