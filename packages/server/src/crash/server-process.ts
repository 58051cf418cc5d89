/**
 * The crash tests' harness: the built `scriptorium` command in a child process on 127.0.0.1,
 * killed with SIGKILL and started again on the same database and files root, and a look at
 * what the files root holds apart from hidden work in progress.
 */
/* eslint-disable no-restricted-imports -- a test harness: it looks at the files root from
   outside the server, as a user's disk would be inspected after a crash. */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, mkdir, readdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { STAGING_SUFFIX } from "../storage/atomic-write.js";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const HOST = "127.0.0.1";
export const MiB = 1024 * 1024;

/** A port free on the loopback address now (the tests that start real servers use it). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, HOST, () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** One run of the server; `kill()` is kill -9 and resolves once the process is gone. */
export interface ServerRun {
  child: ChildProcess;
  base: string;
  kill: () => Promise<void>;
}

/** A server on `dir/files` with the database `dir/db.sqlite`, started and restarted at will. */
export function serverIn(dir: string) {
  let port: number | undefined;
  let password: string | undefined;
  let token: string | undefined;
  let current: ServerRun | undefined;

  async function start(): Promise<ServerRun> {
    port ??= await freePort();
    const child = spawn(process.execPath, [
      BIN,
      "-r",
      path.join(dir, "files"),
      "-d",
      path.join(dir, "db.sqlite"),
      "-a",
      HOST,
      "-p",
      String(port),
    ]);
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    await new Promise<void>((resolve, reject) => {
      let out = "";
      const onData = (c: Buffer) => {
        out += c.toString();
        password ??= /password (\S{16}) /.exec(out)?.[1];
        if (out.includes("listening on")) resolve();
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
    const run: ServerRun = {
      child,
      base: `http://${HOST}:${port}`,
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
      },
    };
    current = run;
    return run;
  }

  return {
    start,
    /** The admin's token (the first run prints the password; tokens outlive restarts). */
    async token(): Promise<string> {
      if (token) return token;
      if (!current || !password) throw new Error("start the server first");
      const res = await fetch(`${current.base}/api/login`, {
        method: "POST",
        body: JSON.stringify({ username: "admin", password }),
      });
      if (res.status !== 200) throw new Error(`login: ${res.status}`);
      token = await res.text();
      return token;
    },
    /** An authenticated request to the running server. */
    async request(url: string, init: RequestInit = {}): Promise<Response> {
      if (!current) throw new Error("start the server first");
      const headers = { ...(init.headers as Record<string, string>), "X-Auth": await this.token() };
      return fetch(`${current.base}${url}`, { ...init, headers });
    },
    /** The names a listing shows in `folder` ("/" for the root). */
    async listed(folder: string): Promise<string[]> {
      const res = await this.request(`/api/resources${folder}`);
      if (res.status !== 200) throw new Error(`listing ${folder}: ${res.status}`);
      const body = (await res.json()) as { items?: { name: string }[] };
      return (body.items ?? []).map((i) => i.name).sort();
    },
    async stop(): Promise<void> {
      await current?.kill();
      current = undefined;
    },
  };
}

export type ServerHandle = ReturnType<typeof serverIn>;

async function sha1(file: string): Promise<string> {
  const hash = createHash("sha1");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Every path under `root` that is not hidden work in progress, with a hash of its content
 * ("dir" for a folder): what a user can ever see. Staging entries and all beneath them are
 * left out, and returned apart.
 */
export async function visibleTree(
  root: string,
): Promise<{ tree: Record<string, string>; staging: string[] }> {
  const tree: Record<string, string> = {};
  const staging: string[] = [];
  async function walk(rel: string): Promise<void> {
    for (const name of (await readdir(path.join(root, rel))).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (name.endsWith(STAGING_SUFFIX)) {
        staging.push(child);
        continue;
      }
      const info = await lstat(path.join(root, child));
      if (info.isDirectory()) {
        tree[child] = "dir";
        await walk(child);
      } else tree[child] = await sha1(path.join(root, child));
    }
  }
  await walk("");
  return { tree, staging };
}

/** The staging names directly inside `folder` (none when it is missing). */
export async function stagingIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(STAGING_SUFFIX));
}

/** Whether a staging entry directly inside `folder` holds more than `count` entries already. */
export async function stagedMoreThan(folder: string, count: number): Promise<boolean> {
  for (const name of await stagingIn(folder)) {
    if ((await entriesIn(path.join(folder, name))) > count) return true;
  }
  return false;
}

/** A folder of `count` files of `size` random bytes each (distinct contents). */
export async function makeFolder(folder: string, count: number, size: number): Promise<void> {
  await mkdir(folder, { recursive: true });
  const block = randomBytes(size);
  for (let i = 0; i < count; i++) {
    block.writeUInt32LE(i, 0);
    await writeFile(path.join(folder, `folio-${String(i).padStart(4, "0")}.tif`), block);
  }
}

/** Polls until `ready()` holds, every few milliseconds; fails after `ms`. */
export async function waitFor(ready: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error("the operation never reached the point to kill it");
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Entries directly inside a staging folder, 0 when it is gone or not a folder. */
export async function entriesIn(folder: string): Promise<number> {
  try {
    return (await readdir(folder, { recursive: true })).length;
  } catch {
    return 0;
  }
}
