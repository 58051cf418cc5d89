/**
 * Two real `scriptorium` processes on one PostgreSQL database and one files folder, behind
 * Debian's nginx (round robin): what one instance does, the other honours at once. Needs
 * PostgreSQL and nginx (.ci/run installs both): without them it fails and says why.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instance, nginxBefore, type Instance } from "../../test/cluster-instances.js";
import { clusterDatabase } from "../../test/cluster-postgres.js";

let dir: string;
let root: string;
let database: Awaited<ReturnType<typeof clusterDatabase>>;
let a: Instance;
let b: Instance;
let nginx: Awaited<ReturnType<typeof nginxBefore>>;
let password: string;
let token: string;

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function call(base: string, url: string, init: RequestInit = {}, auth = token) {
  const headers = { ...(init.headers as Record<string, string>), "X-Auth": auth };
  return fetch(`${base}${url}`, { ...init, headers });
}

async function login(base: string, pass = password): Promise<Response> {
  return fetch(`${base}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password: pass }),
  });
}

async function listed(base: string, folder: string): Promise<string[]> {
  const res = await call(base, `/api/resources${folder}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items?: { name: string }[] };
  return (body.items ?? []).map((i) => i.name).sort();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-multi-"));
  root = path.join(dir, "files");
  await mkdir(path.join(root, "docs"), { recursive: true });
  database = await clusterDatabase();
  const shared = { database: database.url, root, data: path.join(dir, "data") };
  a = await instance(shared);
  b = await instance(shared);
  // One after the other: the first makes the admin and prints its password.
  const out = await a.start();
  password = /password (\S{16}) /.exec(out)?.[1] ?? "";
  expect(password, out).not.toBe("");
  await b.start();
  nginx = await nginxBefore(path.join(dir, "nginx"), [a.port, b.port]);
  const res = await login(nginx.base);
  expect(res.status).toBe(200);
  token = await res.text();
}, 120_000);

afterAll(async () => {
  try {
    await nginx?.stop();
    await a?.kill();
    await b?.kill();
  } finally {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

describe("two instances behind nginx", () => {
  it("a rename through one shows at once in a listing from the other", async () => {
    await writeFile(path.join(root, "docs", "draft.tex"), "x");
    expect(await listed(b.base, "/docs/")).toContain("draft.tex");
    const res = await call(
      a.base,
      "/api/resources/docs/draft.tex?action=rename&destination=%2Fdocs%2Ffinal.tex",
      { method: "PATCH" },
    );
    expect(res.status).toBeLessThan(300);
    expect(await listed(b.base, "/docs/")).toEqual(["final.tex"]);
    expect(await listed(nginx.base, "/docs/")).toEqual(["final.tex"]);
  });

  it("a session ended on one is refused by the other", async () => {
    const own = await (await login(a.base)).text();
    expect((await call(b.base, "/api/resources/", {}, own)).status).toBe(200);
    const out = await call(a.base, "/api/logout", { method: "POST" }, own);
    expect(out.status).toBeLessThan(300);
    expect((await call(b.base, "/api/resources/", {}, own)).status).toBe(401);
    expect((await call(nginx.base, "/api/resources/", {}, own)).status).toBe(401);
  });

  it("a file uploaded through one is found by name search through the other", async () => {
    const res = await call(a.base, "/api/resources/docs/Theorica%20planetarum.tex", {
      method: "POST",
      body: "orbis",
    });
    expect(res.status).toBeLessThan(300);
    let paths: string[] = [];
    for (let i = 0; i < 100 && paths.length === 0; i++) {
      const found = await call(b.base, `/api/search/?query=planetarum`);
      expect(found.status).toBe(200);
      paths = ((await found.json()) as { path: string }[]).map((r) => r.path);
      if (paths.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(paths).toEqual(["docs/Theorica planetarum.tex"]);
  });

  it("a WebDAV lock taken on one is honoured by the other", async () => {
    const made = await call(nginx.base, "/api/app-passwords", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "davfs" }),
    });
    expect(made.status).toBe(201);
    const secret = ((await made.json()) as { password: string }).password;
    const basic = { authorization: `Basic ${Buffer.from(`admin:${secret}`).toString("base64")}` };
    const lockBody =
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
      "<D:locktype><D:write/></D:locktype><D:owner>a</D:owner></D:lockinfo>";
    const locked = await fetch(`${a.base}/dav/docs/locked.txt`, {
      method: "LOCK",
      headers: { ...basic, "content-type": "application/xml" },
      body: lockBody,
    });
    expect(locked.status).toBeLessThan(300);
    const lock = (locked.headers.get("lock-token") ?? "").replace(/[<>]/g, "");
    expect(lock).not.toBe("");
    const put = (headers: Record<string, string>) =>
      fetch(`${b.base}/dav/docs/locked.txt`, {
        method: "PUT",
        headers: { ...basic, ...headers },
        body: "text",
      });
    expect((await put({})).status).toBe(423);
    expect((await put({ if: `(<${lock}>)` })).status).toBeLessThan(300);
  });

  it("the login limit is counted across both: 10 wrong passwords, then 429 on each", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a.base : b.base, "not-the-password");
      expect(res.status).not.toBe(200);
    }
    expect((await login(a.base)).status).toBe(429);
    expect((await login(b.base)).status).toBe(429);
  });

  it("a tus upload begun on one and finished on the other after the first is killed", async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const url = "/api/tus/docs/scan.bin?override=false";
    const created = await call(a.base, url, {
      method: "POST",
      headers: { "upload-length": String(data.length) },
    });
    expect(created.status).toBe(201);
    const half = 2 * 1024 * 1024;
    const first = await call(a.base, url, {
      method: "PATCH",
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: data.subarray(0, half),
    });
    expect(first.status).toBe(204);
    await a.kill();
    const head = await call(b.base, url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(half));
    const rest = await call(b.base, url, {
      method: "PATCH",
      headers: {
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(half),
      },
      body: data.subarray(half),
    });
    expect(rest.status).toBe(204);
    const got = await call(nginx.base, "/api/raw/docs/scan.bin");
    expect(got.status).toBe(200);
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(sha(data));
    expect(await readdir(path.join(root, "docs"))).toContain("scan.bin");
  });
});
