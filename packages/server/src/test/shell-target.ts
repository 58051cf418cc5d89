import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { perm } from "./attack-target.js";
import { createTestApp, type TestContext } from "./helpers.js";
import { listen } from "./http.js";

/**
 * A real app on a loopback port for the shell: ada (execute; commands ls, cat, find, sleep,
 * echo, touch, false and a program that does not exist, or `commands`) with `docs/notes.txt`,
 * bob (no execute) with a secret, and helpers that speak the shell's WebSocket as the web client
 * does.
 */
export interface ShellTarget {
  t: TestContext;
  port: number;
  ada: string;
  tokens: { ada: string; bob: string; admin: string };
  shell(
    line: string,
    opts?: { folder?: string; token?: string; closeAfterMs?: number; reason?: boolean },
  ): Promise<Session>;
  upgradeStatus(url: string, headers?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

export interface Session {
  text: string;
  code: number;
  /** The close reason, when asked for (`reason: true`). */
  reason?: string;
}

export async function startShellTarget(
  opts: { enableExec?: boolean; shell?: string[]; timeoutMs?: number; commands?: string[] } = {},
): Promise<ShellTarget> {
  const t = await createTestApp({
    server: (c) => void (c.enableExec = opts.enableExec ?? true),
    settings: (s) => void (s.shell = opts.shell ?? []),
    app: { shellTimeoutMs: opts.timeoutMs },
  });
  const ada = path.join(t.root, "ada");
  await mkdir(path.join(ada, "docs"), { recursive: true });
  await mkdir(path.join(t.root, "bob"), { recursive: true });
  await writeFile(path.join(ada, "docs", "notes.txt"), "Maurolico's notes\n");
  await writeFile(path.join(t.root, "bob", "secret.txt"), "bob's secret\n");
  const commands = ["ls", "cat", "find", "sleep", "echo", "touch", "nosuchprogram", "false"];
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: { scope: "/ada", perm: perm({ execute: true }), commands: opts.commands ?? commands },
  });
  await t.createUser({
    username: "bob",
    password: "bob-password-12",
    fields: { scope: "/bob", perm: perm(), commands },
  });
  const tokens = {
    ada: await t.login("ada", "ada-password-12"),
    bob: await t.login("bob", "bob-password-12"),
    admin: await t.login(),
  };
  const port = await listen(t.app);

  /** One command over a real WebSocket, as the web client sends it. */
  function shell(
    line: string,
    o: { folder?: string; token?: string; closeAfterMs?: number; reason?: boolean } = {},
  ): Promise<Session> {
    const url = `ws://127.0.0.1:${port}/api/command${o.folder ?? "/docs/"}?auth=${o.token ?? tokens.ada}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      let text = "";
      socket.onopen = () => {
        socket.send(line);
        if (o.closeAfterMs) setTimeout(() => socket.close(), o.closeAfterMs);
      };
      socket.onmessage = (event) => (text += String(event.data));
      socket.onclose = (event) =>
        resolve({ text, code: event.code, ...(o.reason && { reason: event.reason }) });
      socket.onerror = () => undefined;
      setTimeout(() => reject(new Error(`no close for ${line}`)), 20_000);
    });
  }

  /** The HTTP status of an upgrade request (101 when accepted); the socket is dropped after. */
  function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
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

  return { t, port, ada, tokens, shell, upgradeStatus, close: () => t.close() };
}

/** Processes whose command line holds `marker`. */
export const running = (marker: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((l) => l.includes(marker));
