import { lstat, mkdir, readdir, readlink, realpath, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import type { Perm } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "./helpers.js";
import { listen, type RawResponse } from "./http.js";

/** Bytes that live outside every user's scope: no answer may ever carry them. */
export const SECRET = "TOP-SECRET-outside-every-scope";
/** Bytes of eve's scope, which ada must never see. */
export const EVE_SECRET = "EVE-SECRET-of-another-user";
/** Bytes of ada's `/private`, which her rules deny. */
export const DENIED = "DENIED-by-a-rule";

export const PASSWORDS = { ada: "ada-password-12", eve: "eve-password-12" } as const;

/** Every permission but admin, with `over` changed. */
export function perm(over: Partial<Perm> = {}): Perm {
  return {
    admin: false,
    execute: false,
    create: true,
    rename: true,
    modify: true,
    delete: true,
    share: true,
    download: true,
    unzip: true,
    ...over,
  };
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * A request over a real socket with its path exactly as written (no URL parser resolves `..`,
 * `%2e%2e` or `//` on the way), any method and body.
 */
export function send(port: number, urlPath: string, opts: SendOptions = {}): Promise<RawResponse> {
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  const headers = { ...opts.headers };
  // A chunked body (the caller sets Transfer-Encoding) goes without a length.
  if (body && headers["transfer-encoding"] === undefined)
    headers["content-length"] ??= String(body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      // A fresh connection each time: a socket the server closed after an error is never reused.
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: opts.method ?? "GET",
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Session tokens: admin, ada and eve always, extra users by name. */
export type Tokens = { admin: string; ada: string; eve: string } & Record<string, string>;

/** The app under attack: users ada (rules deny /private) and eve, files in and out of scopes. */
export interface Target {
  t: TestContext;
  port: number;
  /** Session tokens by user name (admin, ada, eve and any extra user). */
  tokens: Tokens;
  /** ada's scope folder on disk. */
  ada: string;
  /** Absolute paths of the server's own disk that no answer may name. */
  serverPaths: string[];
  /**
   * A request as a user (X-Auth), or without token when `user` is undefined. Every answer is
   * checked with `expectSafe` (no 5xx, no server path), so every case asserts it.
   */
  as(user: string | undefined, urlPath: string, opts?: SendOptions): Promise<RawResponse>;
  /** `send` to the target, with the same check on the answer. */
  send(urlPath: string, opts?: SendOptions): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface ExtraUser {
  name: string;
  scope?: string;
  perm?: Partial<Perm>;
}

const PNG = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 8, b: 7 } } })
    .png()
    .toBuffer();

/** Builds and starts the target; `extra` users get password `<name>-password-12`. */
export async function startTarget(
  opts: {
    extra?: ExtraUser[];
    app?: Parameters<typeof createTestApp>[0];
  } = {},
): Promise<Target> {
  const t = await createTestApp(opts.app);
  const deny = [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }];
  await t.createUser({
    username: "ada",
    password: PASSWORDS.ada,
    fields: { scope: "/ada", perm: perm(), rules: deny },
  });
  await t.createUser({
    username: "eve",
    password: PASSWORDS.eve,
    fields: { scope: "/eve", perm: perm() },
  });
  for (const u of opts.extra ?? []) {
    await t.createUser({
      username: u.name,
      password: `${u.name}-password-12`,
      fields: { scope: u.scope ?? "/ada", perm: perm(u.perm), rules: deny },
    });
  }
  const ada = path.join(t.root, "ada");
  const png = await PNG();
  const srt = (text: string) => `1\n00:00:01,000 --> 00:00:02,000\n${text}\n`;
  await mkdir(path.join(t.root, "secret"), { recursive: true });
  await writeFile(path.join(t.root, "secret", "secret.txt"), SECRET);
  await writeFile(path.join(t.root, "secret", "secret.html"), `<p>${SECRET}</p>`);
  await writeFile(path.join(t.root, "secret", "secret.srt"), srt(SECRET));
  await writeFile(path.join(t.root, "secret", "secret.png"), png);
  await mkdir(path.join(t.root, "eve"), { recursive: true });
  await writeFile(path.join(t.root, "eve", "eve.txt"), EVE_SECRET);
  await mkdir(path.join(ada, "pub"), { recursive: true });
  await mkdir(path.join(ada, "private"), { recursive: true });
  await writeFile(path.join(ada, "doc.tex"), "\\section{In scope}\n");
  await writeFile(path.join(ada, "pub", "page.html"), "<p>public page</p>");
  await writeFile(path.join(ada, "pub", "pic.png"), png);
  await writeFile(path.join(ada, "pub", "subs.srt"), srt("in scope"));
  await writeFile(path.join(ada, "private", "denied.txt"), DENIED);
  await symlink(path.join(t.root, "secret"), path.join(ada, "escape"));

  const tokens: Tokens = {
    admin: await t.login(),
    ada: await t.login("ada", PASSWORDS.ada),
    eve: await t.login("eve", PASSWORDS.eve),
  };
  for (const u of opts.extra ?? []) tokens[u.name] = await t.login(u.name, `${u.name}-password-12`);
  const port = await listen(t.app);
  const candidates = [t.dir, await realpath(t.dir), process.cwd(), homedir()];
  const serverPaths = [...new Set(candidates)].filter((p) => p.length > 4 && p !== tmpdir());
  const target: Target = {
    t,
    port,
    tokens,
    ada,
    serverPaths,
    as(user, urlPath, o = {}) {
      const auth: Record<string, string> = user ? { "x-auth": tokens[user] ?? "" } : {};
      return target.send(urlPath, { ...o, headers: { ...auth, ...o.headers } });
    },
    async send(urlPath, o = {}) {
      const res = await send(port, urlPath, o);
      expectSafe(target, res, `${o.method ?? "GET"} ${urlPath.slice(0, 120)}`);
      return res;
    },
    close: () => t.close(),
  };
  return target;
}

/** The invariant of every case: no 5xx, and no absolute path of the server in the body. */
export function expectSafe(target: Target, res: RawResponse, label: string): void {
  expect(res.status, `${label}: status ${res.status}`).toBeLessThan(500);
  expect(res.status, `${label}: no answer`).toBeGreaterThan(0);
  const text = res.body.toString("latin1");
  for (const p of target.serverPaths) {
    expect(text.includes(p), `${label}: the body names ${p}: ${text.slice(0, 300)}`).toBe(false);
  }
}

/** `expectSafe`, and none of the bytes outside the user's reach. */
export function expectNoLeak(target: Target, res: RawResponse, label: string): void {
  expectSafe(target, res, label);
  const text = res.body.toString("latin1");
  for (const secret of [SECRET, EVE_SECRET, DENIED]) {
    expect(text.includes(secret), `${label}: leaked ${secret}`).toBe(false);
  }
}

/** Every path under `dir` (links not followed) with its size or link target: a write detector. */
export async function snapshot(dir: string, skip: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    for (const name of await readdir(d)) {
      const p = path.join(d, name);
      if (skip.includes(p)) continue;
      const info = await lstat(p);
      const rel = path.relative(dir, p);
      if (info.isSymbolicLink()) out.push(`${rel} -> ${await readlink(p)}`);
      else if (info.isDirectory()) {
        out.push(`${rel}/`);
        await walk(p);
      } else out.push(`${rel} ${info.size} ${info.mtimeMs}`);
    }
  }
  await walk(dir);
  return out.sort();
}

/** Everything of the server's files folder outside ada's scope: must not change under attack. */
export const outsideAda = (target: Target) => snapshot(target.t.root, [target.ada]);

/** A path with each segment percent-encoded, as the web client sends it. */
export const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/** PATCH copy/rename as the client sends it: the destination encoded twice. */
export function patchUrl(
  source: string,
  action: string,
  destination: string,
  override = false,
): string {
  const dest = encodeURIComponent(destination);
  return `/api/resources${source}?action=${action}&destination=${dest}&override=${override}&rename=false`;
}

/** The JSON body of a raw answer. */
export function jsonOf<T>(res: RawResponse): T {
  return JSON.parse(res.body.toString("utf8")) as T;
}
