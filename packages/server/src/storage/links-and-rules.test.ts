import { lstat, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Resource } from "@scriptorium/shared";
import { makeTar, makeZip } from "../test/archive-build.js";
import { readArchive } from "../test/archive-read.js";
import { createTestApp, errorOf, type TestContext } from "../test/helpers.js";

// Issue 9: one rule for links everywhere — a link is followed only when its fully resolved
// target is inside the scope and allowed by the rules; walks never leave the scope.

let t: TestContext;
let token: string;
let scope: string;
const at = (...p: string[]) => path.join(scope, ...p);
const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      rules: [
        { allow: false, path: "/private", regex: false, regexp: { raw: "" } },
        { allow: false, path: "/docs/confidential", regex: false, regexp: { raw: "" } },
      ],
    },
  });
  scope = path.join(t.root, "ada");
  await mkdir(at("private"), { recursive: true });
  await mkdir(at("docs", "confidential"), { recursive: true });
  await mkdir(at("out"), { recursive: true });
  await mkdir(path.join(t.root, "other"), { recursive: true });
  await writeFile(at("private", "secret.txt"), "the secret");
  await writeFile(at("docs", "open.txt"), "open");
  await writeFile(at("docs", "confidential", "c.txt"), "confidential");
  await writeFile(path.join(t.root, "other", "theirs.txt"), "another user's file");
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const req = (method: "GET" | "PATCH" | "POST", url: string, payload?: Buffer) =>
  t.app.inject({ method, url, headers: { "x-auth": token }, payload });

function patch(src: string, action: string, destination: string) {
  const dest = encodeURIComponent(enc(destination));
  return req("PATCH", `/api/resources${enc(src)}?action=${action}&destination=${dest}`);
}

async function upload(name: string, data: Buffer) {
  const res = await req("POST", `/api/resources/${name}?override=true`, data);
  expect(res.statusCode, res.body).toBe(200);
}

describe("links are checked on their resolved target, against the rules too", () => {
  it("an extracted link to a denied file reads nothing, directly or in a folder download", async () => {
    await upload("alias.zip", await makeZip([{ name: "alias", symlink: "private/secret.txt" }]));
    const unzipped = await patch("/alias.zip", "unzip", "/alias.zip");
    expect(unzipped.statusCode, unzipped.body).toBe(200);
    expect((await lstat(at("alias"))).isSymbolicLink()).toBe(true);

    const raw = await req("GET", "/api/raw/alias");
    expect(raw.statusCode).toBe(403);
    expect(raw.body).not.toContain("the secret");
    const info = await req("GET", "/api/resources/alias");
    expect(info.statusCode).toBe(403);

    const listing = (await req("GET", "/api/resources/")).json<Resource>();
    expect(listing.items?.find((i) => i.name === "alias")?.type).toBe("invalid_link");

    const tar = await req("GET", "/api/raw/?algo=tar");
    expect(tar.statusCode).toBe(200);
    const contents = await readArchive(tar.rawPayload, "tar");
    expect([...contents.values()].some((b) => b?.toString().includes("the secret"))).toBe(false);
  });

  it("a copy follows no link into a denied folder", async () => {
    await symlink(at("private"), at("docs", "way-in"));
    const res = await patch("/docs", "copy", "/docs-copy");
    expect(res.statusCode, res.body).toBe(200);
    expect(await readdir(at("docs-copy"))).toEqual(["open.txt"]);
  });
});

describe("moving a folder never uncovers a denied child", () => {
  it("refuses with 403 to move a folder holding a denied path, and changes nothing", async () => {
    const res = await patch("/docs", "rename", "/docs-moved");
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe("RULE_DENIED");
    expect(await readFile(at("docs", "confidential", "c.txt"), "utf8")).toBe("confidential");
    await expect(lstat(at("docs-moved"))).rejects.toThrow();
    const read = await req("GET", "/api/raw/docs-moved/confidential/c.txt");
    expect(read.statusCode).not.toBe(200);
  });

  it("still moves a folder without denied children", async () => {
    await mkdir(at("plain"));
    await writeFile(at("plain", "p.txt"), "p");
    const res = await patch("/plain", "rename", "/plain-moved");
    expect(res.statusCode, res.body).toBe(200);
    expect(await readFile(at("plain-moved", "p.txt"), "utf8")).toBe("p");
  });
});

describe("link chains from archives", () => {
  it("refuses a chain whose resolution leaves the destination, and leaves nothing", async () => {
    const archive = await makeTar([
      { name: "d/", dir: true },
      { name: "d/e/", dir: true },
      { name: "d/e/l", symlink: ".." },
      { name: "x", symlink: "d/e/l/../.." },
    ]);
    await upload("chain.tar", archive);
    const before = await readdir(at("out"));
    const res = await patch("/chain.tar", "unzip", "/out/chain.tar");
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toMatch(/link/);
    expect(await readdir(at("out"))).toEqual(before);
  });

  it("refuses a chain of two links that climbs out, in either order", async () => {
    for (const entries of [
      [
        { name: "a", symlink: "b/.." },
        { name: "b", symlink: "." },
        { name: "c", symlink: "a/.." },
      ],
      [
        { name: "up", symlink: "." },
        { name: "far", symlink: "up/up/../x" },
      ],
    ]) {
      await upload("pair.tar", await makeTar(entries));
      const res = await patch("/pair.tar", "unzip", "/out/pair.tar");
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it("keeps links that stay inside", async () => {
    await upload(
      "fine.tar",
      await makeTar([
        { name: "d/", dir: true },
        { name: "d/f.txt", data: "f" },
        { name: "d/e/", dir: true },
        { name: "d/e/l", symlink: "../f.txt" },
        { name: "x", symlink: "d/e/l" },
      ]),
    );
    const res = await patch("/fine.tar", "unzip", "/out/fine.tar");
    expect(res.statusCode, res.body).toBe(200);
    expect(await readFile(at("out", "x"), "utf8")).toBe("f");
  });
});

describe("walks stay in the scope", () => {
  it("a move across a link to another user's folder measures nothing outside and leaves no merge", async () => {
    await mkdir(at("src"));
    await writeFile(at("src", "a.txt"), "a");
    await symlink(path.join(t.root, "other"), at("src", "elsewhere"));
    const res = await patch("/src", "copy", "/src-copy");
    expect(res.statusCode, res.body).toBe(200);
    expect(await readdir(at("src-copy"))).toEqual(["a.txt"]);
    expect(res.body).not.toContain(t.root);
  });

  it("copies a folder that holds a dangling link, leaving the link out", async () => {
    await mkdir(at("withlink"));
    await writeFile(at("withlink", "k.txt"), "k");
    await symlink(at("nowhere"), at("withlink", "dangling"));
    const res = await patch("/withlink", "copy", "/withlink-copy");
    expect(res.statusCode, res.body).toBe(200);
    expect(await readdir(at("withlink-copy"))).toEqual(["k.txt"]);
  });

  it("answers a name too long and a link loop with a 4xx that names no server path", async () => {
    await writeFile(at("short.txt"), "s");
    const long = "n".repeat(300);
    const tooLong = await patch("/short.txt", "rename", `/${long}`);
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
    expect(tooLong.body).not.toContain(t.root);

    await symlink("loop-b", at("loop-a"));
    await symlink("loop-a", at("loop-b"));
    const loop = await req("GET", "/api/raw/loop-a");
    expect(loop.statusCode).toBeGreaterThanOrEqual(400);
    expect(loop.statusCode).toBeLessThan(500);
    expect(loop.body).not.toContain(t.root);
  });
});
