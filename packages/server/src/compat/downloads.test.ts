/** File Browser's download calls on /api/raw (API.md Part B §3.1–§3.4, §14.2, §14.15). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { allPermissions } from "@scriptorium/shared";
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
});
afterEach(() => c.t.close());

/**
 * A download link as the client opens it: token in `?auth=`, no X-Auth (§3.1, §3.4). The body
 * is read at once (a response left unread would hold its connection open).
 */
async function open(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${c.base}${url}${url.includes("?") ? "&" : "?"}auth=${c.token}`, {
    headers,
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}

/**
 * The name a browser saves the download under: `filename*` (RFC 6266, which browsers prefer
 * over any plain `filename` beside it), as the reference sends it (§3.2).
 */
function savedName(disposition: string | null): string | undefined {
  const match = /^attachment;(?:.*;)? ?filename\*=utf-8''([^;]+)/i.exec(disposition ?? "");
  return match?.[1] && decodeURIComponent(match[1]);
}

/** `files=` as the client builds it: encoded paths joined by `,`, then encoded again (§3.3). */
const filesParam = (paths: string[]) => encodeURIComponent(paths.map(encodePath).join(","));

const entries = async (res: { body: Buffer }, algo: string) =>
  [...(await readArchive(res.body, algo)).keys()].sort();

describe("single file (§3.2)", () => {
  it("downloads with ?auth= as an attachment named in filename*", async () => {
    const res = await open(`/api/raw${encodePath("/docs/a, b + c.txt")}`);
    expect(res.status).toBe(200);
    expect(savedName(res.headers.get("content-disposition"))).toBe("a, b + c.txt");
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.body.toString()).toBe("comma and plus");
    // Never run as a page of the app (§3.2, Part A §11).
    expect(res.headers.get("content-security-policy")).toContain("script-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves inline with inline=true, and ranges", async () => {
    const inline = await open("/api/raw/docs/notes.txt?inline=true");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline/);
    const part = await open("/api/raw/docs/notes.txt", { Range: "bytes=1-2" });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe("ia");
  });

  it("inline=true shows a .tex as text; the download keeps its type and attachment (issue 31)", async () => {
    await writeFile(path.join(c.scope, "docs", "liber.tex"), "\\section{Liber}\n");
    const inline = await open("/api/raw/docs/liber.tex?inline=true");
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline/);
    expect(inline.headers.get("x-content-type-options")).toBe("nosniff");
    expect(inline.headers.get("content-security-policy")).toContain("script-src 'none'");
    expect(inline.body.toString()).toBe("\\section{Liber}\n");
    const saved = await open("/api/raw/docs/liber.tex");
    expect(saved.headers.get("content-type")).toBe("application/x-tex; charset=utf-8");
    expect(savedName(saved.headers.get("content-disposition"))).toBe("liber.tex");
  });

  it("answers a missing file with 404 and a missing token with 401", async () => {
    const missing = await fetch(`${c.base}/api/raw/docs/nothing.txt?auth=${c.token}`);
    expect(missing.status).toBe(404);
    await errorBody(missing);
    expect((await fetch(`${c.base}/api/raw/docs/notes.txt`)).status).toBe(401);
  });
});

describe("folders and selections (§3.3)", () => {
  it("zips a folder alone as <name>.zip, its contents at the archive root", async () => {
    const res = await open("/api/raw/docs/photos?algo=zip");
    expect(res.status).toBe(200);
    expect(savedName(res.headers.get("content-disposition"))).toBe("photos.zip");
    expect(await entries(res, "zip")).toEqual(["p1.jpg"]);
  });

  it("names a selection in a folder _<folder> and keeps commas inside names", async () => {
    const files = filesParam(["/docs/notes.txt", "/docs/a, b + c.txt", "/docs/photos"]);
    const res = await open(`/api/raw/?files=${files}&algo=targz`);
    expect(res.status).toBe(200);
    expect(savedName(res.headers.get("content-disposition"))).toBe("_docs.tar.gz");
    const names = await entries(res, "targz");
    expect(names).toContain("notes.txt");
    expect(names).toContain("a, b + c.txt");
    expect(names).toContain("photos/p1.jpg");
  });

  it("takes every algo the client offers", async () => {
    for (const algo of ["zip", "tar", "targz", "tarbz2", "tarxz", "tarlz4", "tarsz"]) {
      const res = await open(`/api/raw/docs/photos?algo=${algo}`);
      expect(res.status, algo).toBe(200);
      expect(await entries(res, algo), algo).toEqual(["p1.jpg"]);
    }
  });

  it("refuses an unknown algo with a 4xx or 5xx error body, never an archive", async () => {
    const res = await fetch(`${c.base}/api/raw/docs/photos?algo=rar&auth=${c.token}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    await errorBody(res);
  });
});

describe("permissions (§3.1, Part A §2)", () => {
  it("answers 403 without the download permission", async () => {
    const perm = { ...allPermissions(), admin: false };
    await c.t.createUser({
      username: "nodl",
      password: "nodl-password-1",
      fields: { scope: "/ada", perm: { ...perm, download: false } },
    });
    const token = await c.t.login("nodl", "nodl-password-1");
    const res = await fetch(`${c.base}/api/raw/docs/notes.txt?auth=${token}`);
    expect(res.status).toBe(403);
    await errorBody(res);
  });
});
