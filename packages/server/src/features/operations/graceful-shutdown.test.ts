/**
 * Graceful shutdown of the real `scriptorium` process: SIGTERM while a tus chunk is on its
 * way lets it finish (2xx, bytes in place) and exits 0, refusing new connections meanwhile;
 * past --shutdown-timeout the process exits anyway, with status 1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request, type ClientRequest, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { freePort } from "../../crash/server-process.js";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../../bin/scriptorium.js", import.meta.url));
const HOST = "127.0.0.1";
const MiB = 1024 * 1024;

interface Running {
  child: ChildProcess;
  port: number;
  base: string;
  token: string;
  root: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  signalled: () => void;
}

let dirs: string[] = [];
let children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  children = [];
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

/** The server in a fresh folder, listening, with the first admin logged in. */
async function start(extra: string[]): Promise<Running> {
  const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-shutdown-"));
  dirs.push(dir);
  const port = await freePort();
  const root = path.join(dir, "files");
  const child = spawn(process.execPath, [
    BIN,
    ...["-r", root, "-d", path.join(dir, "db.sqlite"), "-a", HOST, "-p", String(port)],
    ...extra,
  ]);
  children.push(child);
  let signalledAt = 0;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>(
    (resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - signalledAt })),
  );
  const password = await new Promise<string>((resolve, reject) => {
    let out = "";
    let pass: string | undefined;
    const onData = (c: Buffer) => {
      out += c.toString();
      pass ??= /password (\S{16}) /.exec(out)?.[1];
      if (pass && out.includes("listening on")) resolve(pass);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  const base = `http://${HOST}:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin", password }),
  });
  expect(login.status).toBe(200);
  return {
    child,
    port,
    base,
    root,
    token: await login.text(),
    exit,
    signalled: () => (signalledAt = Date.now()),
  };
}

/** Begins a tus upload of `length` bytes at `name`. */
async function createUpload(s: Running, name: string, length: number): Promise<void> {
  const res = await fetch(`${s.base}/api/tus/${name}?override=false`, {
    method: "POST",
    headers: { "X-Auth": s.token, "Upload-Length": String(length), "Tus-Resumable": "1.0.0" },
  });
  expect(res.status).toBe(201);
}

/** A PATCH of the whole upload whose body the test writes when it likes. */
function slowPatch(s: Running, name: string, length: number) {
  let req: ClientRequest | undefined;
  const answer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
    req = request(
      {
        host: HOST,
        port: s.port,
        path: `/api/tus/${name}`,
        method: "PATCH",
        headers: {
          "X-Auth": s.token,
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(length),
        },
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            offset: res.headers["upload-offset"] as string | undefined,
          }),
        );
      },
    );
    req.on("error", reject);
  });
  return { req: req as unknown as ClientRequest, answer };
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("SIGTERM: the chunk on its way finishes (204, bytes in place), new connections are refused, exit 0", async () => {
  const s = await start(["--shutdown-timeout", "20s"]);
  const bytes = randomBytes(4 * MiB);
  await createUpload(s, "big.bin", bytes.length);
  // A live stream open meanwhile must not hold the server.
  const live = await fetch(`${s.base}/api/events`, { headers: { "X-Auth": s.token } });
  expect(live.status).toBe(200);
  const { req, answer } = slowPatch(s, "big.bin", bytes.length);
  req.write(bytes.subarray(0, MiB));
  await pause(300);

  s.signalled();
  s.child.kill("SIGTERM");
  // The listening socket closes at once: a new connection is refused while the chunk runs.
  const until = Date.now() + 5_000;
  while (!(await refused(s.port))) {
    if (Date.now() > until) throw new Error("new connections were still accepted");
    await pause(20);
  }
  expect(s.child.exitCode).toBeNull();

  for (let at = MiB; at < bytes.length; at += MiB) {
    req.write(bytes.subarray(at, at + MiB));
    await pause(100);
  }
  req.end();
  expect(await answer).toEqual({ status: 204, offset: String(bytes.length) });
  const { code, signal } = await s.exit;
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect((await readFile(path.join(s.root, "big.bin"))).equals(bytes)).toBe(true);
}, 60_000);

it("past --shutdown-timeout the process exits anyway, with status 1 (SIGINT too)", async () => {
  const s = await start(["--shutdown-timeout", "1s"]);
  await createUpload(s, "stuck.bin", 2 * MiB);
  const { req, answer } = slowPatch(s, "stuck.bin", 2 * MiB);
  answer.catch(() => undefined);
  req.write(Buffer.alloc(MiB, 1));
  await pause(300);
  s.signalled();
  s.child.kill("SIGINT");
  const { code, signal, ms } = await s.exit;
  expect({ code, signal }).toEqual({ code: 1, signal: null });
  expect(ms).toBeGreaterThanOrEqual(900);
  expect(ms).toBeLessThan(10_000);
  req.destroy();
}, 60_000);
