import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
let scope: string;
const MTIME = new Date("2024-03-05T10:20:30Z");
const NAME = "Capítulo «1» 'a'.tex";
const TEXT = "\\section{Proemium}\nArma virumque cano.\n";
const BIG = randomBytes(300_000);

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  await t.createUser({
    username: "eve",
    password: "eve-password-12",
    fields: {
      scope: "/ada",
      perm: {
        admin: false,
        execute: false,
        create: true,
        rename: true,
        modify: true,
        delete: true,
        share: true,
        download: false,
        unzip: true,
      },
    },
  });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "folder"), { recursive: true });
  await writeFile(path.join(scope, NAME), TEXT);
  await writeFile(path.join(scope, "big.bin"), BIG);
  await writeFile(path.join(scope, "noext"), Buffer.from("89504e470d0a1a0a0000", "hex"));
  await writeFile(path.join(scope, "notes"), "plain words\n");
  await writeFile(path.join(scope, "page.html"), "<script>alert(1)</script>");
  await writeFile(path.join(scope, "empty.txt"), "");
  for (const name of [NAME, "big.bin"]) await utimes(path.join(scope, name), MTIME, MTIME);
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");
function get(p: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") {
  return t.app.inject({ method, url: `/api/raw${p}`, headers: { "x-auth": token, ...headers } });
}

describe("GET /api/raw{path}: a single file", () => {
  it("sends the file as an attachment with a UTF-8 name and an ASCII fallback", async () => {
    const res = await get(enc("/" + NAME));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEXT);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Cap_tulo _1_ 'a'.tex"; ` +
        `filename*=utf-8''Cap%C3%ADtulo%20%C2%AB1%C2%BB%20%27a%27.tex`,
    );
    expect(res.headers["content-type"]).toBe("application/x-tex; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(TEXT)));
    expect(res.headers["cache-control"]).toBe("private");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["last-modified"]).toBe(MTIME.toUTCString());
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(res.headers["content-security-policy"]).toMatch(/; sandbox$/);
  });

  it("is inline with ?inline=true, and HTML stays script-free and sandboxed", async () => {
    const res = await get(enc("/" + NAME) + "?inline=true");
    expect(res.headers["content-disposition"]).toMatch(
      /^inline; filename=".*"; filename\*=utf-8''Cap%C3%ADtulo/,
    );
    const html = await get("/page.html?inline=true");
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(html.headers["content-security-policy"]).toContain("sandbox");
  });

  it("takes the type from the extension, else from the first bytes", async () => {
    expect((await get("/noext")).headers["content-type"]).toBe("image/png");
    expect((await get("/notes")).headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect((await get("/big.bin")).headers["content-type"]).toBe("application/octet-stream");
    const empty = await get("/empty.txt");
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe("");
  });

  it("accepts the token in ?auth= and in the auth cookie, and needs one", async () => {
    expect((await t.app.inject({ url: `/api/raw/notes?auth=${token}` })).statusCode).toBe(200);
    const cookie = await t.app.inject({
      url: "/api/raw/notes",
      headers: { cookie: `auth=${token}` },
    });
    expect(cookie.body).toBe("plain words\n");
    expect((await t.app.inject({ url: "/api/raw/notes" })).statusCode).toBe(401);
  });

  it("is 403 without the download permission, 404 for a missing file", async () => {
    const eve = await t.login("eve", "eve-password-12");
    const res = await get("/notes", { "x-auth": eve });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(errorOf(await get("/missing.txt")).code).toBe("NOT_FOUND");
  });

  it("answers a folder with a zip archive (features/archive has the details)", async () => {
    for (const p of ["/folder", "/folder/", "/"]) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(200);
      expect(res.headers["content-type"], p).toBe("application/zip");
    }
  });

  it("streams a named pipe as an empty 200 without blocking", async () => {
    execFileSync("mkfifo", [path.join(scope, "pipe")]);
    const res = await get("/pipe");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; /);
  });
});

describe("ranges", () => {
  it("answers one range with 206 and exactly those bytes", async () => {
    const res = await get("/big.bin", { range: "bytes=1000-1999" });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 1000-1999/${BIG.length}`);
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.rawPayload.equals(BIG.subarray(1000, 2000))).toBe(true);
    const suffix = await get("/big.bin", { range: "bytes=-10" });
    expect(suffix.rawPayload.equals(BIG.subarray(BIG.length - 10))).toBe(true);
    const open = await get("/big.bin", { range: "bytes=299990-" });
    expect(open.headers["content-range"]).toBe(`bytes 299990-299999/${BIG.length}`);
  });

  it("answers several ranges with multipart/byteranges holding every part", async () => {
    const res = await get("/big.bin", { range: "bytes=0-9, 200000-200099" });
    expect(res.statusCode).toBe(206);
    const type = res.headers["content-type"] as string;
    const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(type)?.[1];
    expect(boundary).toBeDefined();
    expect(res.headers["content-length"]).toBe(String(res.rawPayload.length));
    const parts = splitMultipart(res.rawPayload, boundary!);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.headers["content-range"]).toBe(`bytes 0-9/${BIG.length}`);
    expect(parts[0]?.headers["content-type"]).toBe("application/octet-stream");
    expect(parts[0]?.body.equals(BIG.subarray(0, 10))).toBe(true);
    expect(parts[1]?.headers["content-range"]).toBe(`bytes 200000-200099/${BIG.length}`);
    expect(parts[1]?.body.equals(BIG.subarray(200000, 200100))).toBe(true);
  });

  it("merges overlapping ranges", async () => {
    const res = await get("/big.bin", { range: "bytes=0-99,50-149" });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-149/${BIG.length}`);
  });

  it("is 416 with the size when no range fits, and ignores malformed ranges", async () => {
    const res = await get("/big.bin", { range: `bytes=${BIG.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${BIG.length}`);
    expect(errorOf(res).code).toBe("RANGE_NOT_SATISFIABLE");
    for (const range of ["bytes=5-1", "bytes=abc", "items=0-1"]) {
      const whole = await get("/big.bin", { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length).toBe(BIG.length);
    }
    // An empty file has no satisfiable range: it is sent whole (empty).
    expect((await get("/empty.txt", { range: "bytes=0-" })).statusCode).toBe(200);
  });

  it("honours If-Range only when the date is the file's", async () => {
    const same = await get("/big.bin", { range: "bytes=0-0", "if-range": MTIME.toUTCString() });
    expect(same.statusCode).toBe(206);
    const older = new Date(MTIME.getTime() - 60_000).toUTCString();
    const changed = await get("/big.bin", { range: "bytes=0-0", "if-range": older });
    expect(changed.statusCode).toBe(200);
    const etag = await get("/big.bin", { range: "bytes=0-0", "if-range": '"abc"' });
    expect(etag.statusCode).toBe(200);
  });
});

describe("conditional requests", () => {
  it("answers 304 when not modified since, 200 when modified", async () => {
    const notModified = await get("/big.bin", { "if-modified-since": MTIME.toUTCString() });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    expect(notModified.headers["last-modified"]).toBe(MTIME.toUTCString());
    const before = new Date(MTIME.getTime() - 1000).toUTCString();
    expect((await get("/big.bin", { "if-modified-since": before })).statusCode).toBe(200);
  });

  it("answers 412 when modified after If-Unmodified-Since", async () => {
    const before = new Date(MTIME.getTime() - 1000).toUTCString();
    const res = await get("/big.bin", { "if-unmodified-since": before });
    expect(res.statusCode).toBe(412);
    expect(errorOf(res).code).toBe("PRECONDITION_FAILED");
    const after = await get("/big.bin", { "if-unmodified-since": MTIME.toUTCString() });
    expect(after.statusCode).toBe(200);
  });
});

describe("HEAD /api/raw{path}", () => {
  it("sends the headers of GET without a body", async () => {
    const res = await get("/big.bin", {}, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(BIG.length));
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.rawPayload.length).toBe(0);
    const range = await get("/big.bin", { range: "bytes=10-19" }, "HEAD");
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-length"]).toBe("10");
  });
});

/** Splits a multipart/byteranges body into its parts. */
function splitMultipart(body: Buffer, boundary: string) {
  const parts: { headers: Record<string, string>; body: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === "--") break;
    const headEnd = body.indexOf("\r\n\r\n", after);
    const next = body.indexOf(delimiter, headEnd);
    const headers: Record<string, string> = {};
    for (const line of body
      .subarray(after + 2, headEnd)
      .toString()
      .split("\r\n")) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: body.subarray(headEnd + 4, next - 2) });
    at = next;
  }
  return parts;
}
