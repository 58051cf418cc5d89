import { execFileSync } from "node:child_process";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { running, startShellTarget, type ShellTarget } from "../test/shell-target.js";

/**
 * The shell under attack (File Browser's command-injection advisories; API.md Part A §13):
 * separators, substitutions, redirections, unanchored names, find -exec, paths out of the scope,
 * links out, folders out, sessions, and runaway or abandoned commands. Each refused line runs
 * nothing: the folder is unchanged afterwards.
 */
let s: ShellTarget;
afterEach(() => s.close());
const start = async (opts: Parameters<typeof startShellTarget>[0] = {}) => {
  s = await startShellTarget(opts);
};
const shell = (...args: Parameters<ShellTarget["shell"]>) => s.shell(...args);

describe("shell attacks: refused with nothing run", () => {
  const lines = [
    // The list, as written.
    "ls; cat /etc/passwd",
    "ls && id",
    "ls | sh",
    "ls `id`",
    "ls $(id)",
    "find . -exec cat /etc/passwd \\;",
    // Each with a side effect that would show.
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
    expect(execFileSync("ls", ["-A", path.join(s.ada, "docs")], { encoding: "utf8" })).toBe(
      "notes.txt\n",
    );
  });

  it("does not follow a link out of the scope (the sandbox shows only the scope)", async () => {
    await start();
    await symlink(path.join(s.t.root, "bob", "secret.txt"), path.join(s.ada, "docs", "link.txt"));
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

describe("shell sessions and folders", () => {
  it("a token of a user without execute, a revoked token, none, and another site are refused at the upgrade", async () => {
    await start();
    expect(await s.upgradeStatus(`/api/command/?auth=${s.tokens.bob}`)).toBe(403);
    expect(await s.upgradeStatus(`/api/command/?auth=${s.tokens.ada}x`)).toBe(401);
    expect(await s.upgradeStatus("/api/command/")).toBe(401);
    expect(
      await s.upgradeStatus(`/api/command/?auth=${s.tokens.ada}`, {
        origin: "http://evil.example",
      }),
    ).toBe(403);
    await s.t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "x-auth": s.tokens.ada },
    });
    expect(await s.upgradeStatus(`/api/command/?auth=${s.tokens.ada}`)).toBe(401);
  });

  for (const folder of ["/../../bob/", "/%2e%2e/bob/", "/..%2fbob/"]) {
    it(`a folder out of the scope (${folder}) stays in it`, async () => {
      await start();
      const session = await shell("ls", { folder });
      expect(session.text).not.toContain("secret.txt");
    });
  }
});
