import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allPermissions, type Resource } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

const TEX = "\\section{De centris}\nVarietas lectionum.\n";

let t: TestContext;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "reader",
    password: "reader-password-12",
    fields: { scope: "/reader", perm: { ...allPermissions(), admin: false, download: false } },
  });
  await mkdir(path.join(t.root, "reader"), { recursive: true });
  await writeFile(path.join(t.root, "reader", "doc.tex"), TEX);
  token = await t.login("reader", "reader-password-12");
});
afterEach(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "X-Auth": token } });

// Advisory CVE-2026-35606: the file info carried what /api/raw refused.
describe("GET /api/resources without the download permission", () => {
  it("answers the info of a text file without its content", async () => {
    expect((await get("/api/raw/doc.tex")).statusCode).toBe(403);
    const res = await get("/api/resources/doc.tex");
    expect(res.statusCode).toBe(200);
    const info = res.json<Resource>();
    expect(info).toMatchObject({ name: "doc.tex", type: "text", size: TEX.length });
    expect(info.content).toBeUndefined();
    expect(res.body).not.toContain("De centris");
  });

  it("refuses a checksum, which is the content in another form", async () => {
    for (const algo of ["md5", "sha1", "sha256", "sha512"]) {
      const res = await get(`/api/resources/doc.tex?checksum=${algo}`);
      expect(res.statusCode, algo).toBe(403);
      expect(errorOf(res).code).toBe("FORBIDDEN");
    }
  });

  it("still lists the folder", async () => {
    const res = await get("/api/resources/");
    expect(res.statusCode).toBe(200);
    expect(res.json<Resource>().items?.map((i) => i.name)).toEqual(["doc.tex"]);
  });

  it("gives the content and checksums back once the permission is granted", async () => {
    await t.createUser({
      username: "owner",
      password: "owner-password-12",
      fields: { scope: "/reader", perm: { ...allPermissions(), admin: false } },
    });
    token = await t.login("owner", "owner-password-12");
    expect((await get("/api/resources/doc.tex")).json<Resource>().content).toBe(TEX);
    const sum = await get("/api/resources/doc.tex?checksum=md5");
    expect(sum.statusCode).toBe(200);
    expect(sum.json<Resource>().checksums?.md5).toMatch(/^[0-9a-f]{32}$/);
  });
});
