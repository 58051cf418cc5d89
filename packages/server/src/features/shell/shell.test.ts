import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { listen } from "../../test/http.js";

let t: TestContext;
let port: number;
let ada: string;
let tokens: { ada: string; bob: string; admin: string };

const perm = (execute: boolean) => ({
  admin: false,
  execute,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
  unzip: true,
});

async function start(opts: { enableExec?: boolean; shell?: string[]; timeoutMs?: number } = {}) {
  t = await createTestApp({
    server: (c) => void (c.enableExec = opts.enableExec ?? true),
    settings: (s) => void (s.shell = opts.shell ?? []),
    app: { shellTimeoutMs: opts.timeoutMs },
  });
  ada = path.join(t.root, "ada");
  await mkdir(path.join(ada, "docs"), { recursive: true });
  await mkdir(path.join(t.root, "bob"), { recursive: true });
  await writeFile(path.join(ada, "docs", "notes.txt"), "Maurolico's notes\n");
  await writeFile(path.join(t.root, "bob", "secret.txt"), "bob's secret\n");
  const commands = ["ls", "cat", "find", "sleep", "echo", "touch", "nosuchprogram", "false"];
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: { scope: "/ada", perm: perm(true), commands },
  });
  await t.createUser({
    username: "bob",
    password: "bob-password-12",
    fields: { scope: "/bob", perm: perm(false), commands },
  });
  tokens = {
    ada: await t.login("ada", "ada-password-12"),
    bob: await t.login("bob", "bob-password-12"),
    admin: await t.login(),
  };
  port = await listen(t.app);
}
afterEach(() => t.close());

interface Session {
  text: string;
  code: number;
}

/** One command over a real WebSocket, as the web client sends it. */
function shell(
  line: string,
  opts: { folder?: string; token?: string; closeAfterMs?: number } = {},
): Promise<Session> {
  const url = `ws://127.0.0.1:${port}/api/command${opts.folder ?? "/docs/"}?auth=${opts.token ?? tokens.ada}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let text = "";
    socket.onopen = () => {
      socket.send(line);
      if (opts.closeAfterMs) setTimeout(() => socket.close(), opts.closeAfterMs);
    };
    socket.onmessage = (event) => (text += String(event.data));
    socket.onclose = (event) => resolve({ text, code: event.code });
    socket.onerror = () => undefined;
    setTimeout(() => reject(new Error(`no close for ${line}`)), 20_000);
  });
}

/** The HTTP status of a refused upgrade. */
async function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path: url,
      agent: false,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        ...headers,
      },
    });
    req.on("response", (res) => {
      resolve(res.statusCode ?? 0);
      res.socket.destroy();
    });
    req.on("upgrade", (res, socket) => {
      resolve(res.statusCode ?? 0);
      socket.destroy();
    });
    req.on("error", reject);
    req.end();
  });
}

const running = (marker: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(marker));

describe("the shell", () => {
  it("runs an allowed command in the folder and streams its output", async () => {
    await start();
    const listing = await shell("ls");
    expect(listing).toEqual({ text: "notes.txt\n", code: 1000 });
    const cat = await shell('cat "notes.txt"');
    expect(cat).toEqual({ text: "Maurolico's notes\n", code: 1000 });
  });

  it("runs in the folder of a file, and closes with 1011 when the program fails", async () => {
    await start();
    expect((await shell("ls", { folder: "/docs/notes.txt" })).text).toBe("notes.txt\n");
    const failed = await shell("cat missing.txt");
    expect(failed.code).toBe(1011);
    expect(failed.text).toMatch(/No such file/);
  });

  it("gives the same answer to a program not allowed and one that does not exist", async () => {
    await start();
    expect(await shell("rm notes.txt")).toEqual({ text: "Command not allowed.", code: 1008 });
    expect(await shell("nosuchprogram")).toEqual({ text: "Command not allowed.", code: 1008 });
  });

  it("passes the line to the configured shell only when its first word is allowed", async () => {
    await start({ shell: ["bash -c"] });
    expect(await shell("echo $((6*7))")).toEqual({ text: "Command not allowed.", code: 1008 });
    expect(await shell("ls -1")).toEqual({ text: "notes.txt\n", code: 1000 });
    expect((await shell("bash -c id")).text).toBe("Command not allowed.");
  });

  it("is refused before the upgrade without the execute permission, with exec off, or without a valid session", async () => {
    await start();
    expect(await upgradeStatus(`/api/command/?auth=${tokens.bob}`)).toBe(403);
    expect(await upgradeStatus("/api/command/")).toBe(401);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: { "x-auth": tokens.ada } });
    expect(await upgradeStatus(`/api/command/?auth=${tokens.ada}`)).toBe(401);
    await t.close();
    await start({ enableExec: false });
    expect(await upgradeStatus(`/api/command/?auth=${tokens.ada}`)).toBe(403);
  });

  it("refuses an upgrade from another site", async () => {
    await start();
    expect(
      await upgradeStatus(`/api/command/?auth=${tokens.ada}`, { origin: "https://evil.example" }),
    ).toBe(403);
  });
});

describe("shell attacks: refused with nothing run", () => {
  const lines = [
    "ls; touch pwned",
    "ls && touch pwned",
    "ls || touch pwned",
    "ls | sh",
    "ls `touch pwned`",
    "ls $(touch pwned)",
    "ls > pwned",
    "ls < /etc/passwd",
    "ls\ntouch pwned",
    "find . -exec touch pwned \\;",
    "find . -execdir touch pwned ;",
    "findx .",
    "cat ../../etc/passwd",
    "cat /etc/passwd",
    "cat ../../bob/secret.txt",
    "cat --file=/etc/passwd",
    "cat ~/secret",
    "/bin/ls",
    "./ls",
    'ls "unclosed',
  ];
  it.each(lines)("%j", async (line) => {
    await start();
    const session = await shell(line);
    expect(session).toEqual({ text: "Command not allowed.", code: 1008 });
    expect(execFileSync("ls", ["-A", path.join(ada, "docs")], { encoding: "utf8" })).toBe(
      "notes.txt\n",
    );
  });

  it("does not follow a link out of the scope (the sandbox shows only the scope)", async () => {
    await start();
    await symlink(path.join(t.root, "bob", "secret.txt"), path.join(ada, "docs", "link.txt"));
    const session = await shell("cat link.txt");
    expect(session.code).toBe(1011);
    expect(session.text).not.toContain("bob's secret");
  });

  it("kills an endless command at the timeout and leaves nothing running", async () => {
    await start({ timeoutMs: 1_000 });
    const session = await shell("sleep 4242");
    expect(session.code).toBe(1011);
    expect(session.text).toContain("time limit");
    await new Promise((r) => setTimeout(r, 300));
    expect(running("sleep 4242")).toEqual([]);
  });

  it("kills the command when the socket closes", async () => {
    await start();
    const session = shell("sleep 4343", { closeAfterMs: 700 });
    await new Promise((r) => setTimeout(r, 400));
    expect(running("sleep 4343").length).toBeGreaterThan(0);
    await session;
    await new Promise((r) => setTimeout(r, 500));
    expect(running("sleep 4343")).toEqual([]);
  });
});
