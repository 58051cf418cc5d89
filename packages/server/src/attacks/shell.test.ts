import { execFileSync } from "node:child_process";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { running, startShellTarget, type ShellTarget } from "../test/shell-target.js";

/**
 * The shell under attack (File Browser's command-injection advisories; API.md Part A §13;
 * issue 27): separators, substitutions, redirections, unanchored names, programs that run
 * programs (find -exec, sed's e/r/w, tar --to-command and the like), paths out of the scope in any
 * spelling (attached values, inside words, brace and tilde expansion by a configured shell),
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
    expect(session.code).toBe(1008);
    expect(session.text).toMatch(/^Command not allowed[.:]/);
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

/*
 * Issue 27: a user allowed plain file tools (the report's `ls cat sed tar sort grep`) ran
 * anything through the ones that run programs, and read outside the folder through option values
 * and words the check did not look into. Each line below is refused with a message, runs nothing
 * (no `uid=` printed, no `pwned` made) and reads nothing of bob's.
 */
describe("shell attacks: programs that run programs, and paths in any spelling (issue 27)", () => {
  const FILE_TOOLS = ["ls", "cat", "sed", "tar", "sort", "grep", "split", "echo"];
  const startWithTools = async (opts: Parameters<typeof startShellTarget>[0] = {}) => {
    await start({ commands: FILE_TOOLS, ...opts });
    execFileSync("tar", ["-cf", "x.tar", "notes.txt"], { cwd: path.join(s.ada, "docs") });
  };
  const unchanged = () => {
    expect(execFileSync("ls", ["-A", path.join(s.ada, "docs")], { encoding: "utf8" })).toBe(
      "notes.txt\nx.tar\n",
    );
    expect(execFileSync("ls", ["-A", s.ada], { encoding: "utf8" })).toBe("docs\n");
  };
  const expectRefused = (session: { text: string; code: number }, what: RegExp) => {
    expect(session.code).toBe(1008);
    expect(session.text).toMatch(/^Command not allowed: /);
    expect(session.text).toMatch(what);
    expect(session.text).not.toContain("uid=");
    expect(session.text).not.toContain("bob's secret");
    unchanged();
  };

  const runners: [line: string, what: RegExp][] = [
    // The report's lines, as written.
    ['sed -n "1e id" notes.txt', /sed's e command .* sed:exec/],
    ["tar -cf x.tar notes.txt --checkpoint=1 --checkpoint-action=exec=id", /tar:exec/],
    ["tar -xf x.tar --to-command=id", /--to-command .* tar:exec/],
    [`sed -n "1e sh -c 'id'" notes.txt`, /sed:exec/],
    // The same with a side effect that would show, and other spellings.
    ['sed -n "1e touch pwned" notes.txt', /sed:exec/],
    ["sed 's/.*/touch pwned/e' notes.txt", /e flag of sed's s command/],
    ["sed -n -e 1p -e '1e touch pwned' notes.txt", /sed:exec/],
    ["sed -n --expr='1e touch pwned' notes.txt", /sed:exec/],
    ["sed -n ':a e touch pwned' notes.txt", /sed:exec/],
    ["sed -n 's/x/y/w pwned' notes.txt", /w flag/],
    ["sed -n '1w pwned' notes.txt", /sed's w command/],
    ["sed -n -f notes.txt notes.txt", /sed -f/],
    ['tar -cf y.tar notes.txt --checkpoint=1 "--checkpoint-action=exec=touch pwned"', /tar:exec/],
    ['tar -xf x.tar "--to-command=touch pwned"', /tar:exec/],
    ['tar -xf x.tar --to-c "touch pwned"', /--to-command/],
    ["tar -xf x.tar -I touch", /--use-compress-program \(-I\)/],
    ["tar xIf touch x.tar", /--use-compress-program/],
    ["tar -cf y.tar -M -F touch notes.txt", /--info-script/],
    ["tar -cf localhost:y.tar --rsh-command=/usr/bin/touch notes.txt", /--rsh-command/],
    ["tar -cf localhost:y.tar notes.txt", /host:file/],
    ["tar -xPf x.tar", /--absolute-names/],
    ["sort -S 1 --compress-program=touch notes.txt", /sort:exec/],
    ["split -l 1 --filter='touch pwned' notes.txt", /split:exec/],
  ];
  it.each(runners)("%s", async (line, what) => {
    await startWithTools();
    expectRefused(await shell(line), what);
  });

  it("refuses a program that always runs programs unless its :exec entry is listed", async () => {
    await startWithTools({ commands: [...FILE_TOOLS, "xargs", "env", "bash", "awk"] });
    const lines = {
      xargs: "xargs touch pwned",
      env: "env touch pwned",
      bash: "bash -c 'touch pwned'",
      awk: `awk 'BEGIN { system("touch pwned") }'`,
    };
    for (const [program, line] of Object.entries(lines)) {
      expectRefused(await shell(line), new RegExp(`entry ${program}:exec\\.$`));
    }
  });

  const paths: [line: string, folder: string, what: RegExp][] = [
    ["grep -f/etc/hostname notes.txt", "/docs/", /\/etc\/hostname/],
    ["grep --file=/etc/hostname notes.txt", "/docs/", /\/etc\/hostname/],
    ["tar -c -f - -C.. bob/secret.txt", "/", /-C\.\. names \.\., which is outside/],
    ["tar -c -f - -C../.. bob/secret.txt", "/docs/", /outside your folder/],
    ["tar -cf - --directory=.. bob/secret.txt", "/", /outside your folder/],
    ['sed -n "r ../bob/secret.txt" docs/notes.txt', "/", /sed's r command/],
    ['sed -n "w ../x" docs/notes.txt', "/", /sed's w command/],
    ["cat if=../../bob/secret.txt", "/docs/", /outside your folder/],
    ["tar -cf - -C .. ../bob/secret.txt", "/docs/", /names \.\.\/\.\.\/bob\/secret\.txt/],
    ["tar -cf - -C .. -C .. bob/secret.txt", "/docs/", /outside your folder/],
  ];
  it.each(paths)("%s (in %s)", async (line, folder, what) => {
    await startWithTools();
    expectRefused(await shell(line, { folder }), what);
  });

  it("checks the files a sed:exec script names against the folder", async () => {
    await startWithTools({ commands: [...FILE_TOOLS, "sed:exec"] });
    for (const line of [
      'sed -n "r ../bob/secret.txt" docs/notes.txt',
      'sed -n "w ../x" docs/notes.txt',
    ]) {
      expectRefused(await shell(line, { folder: "/" }), /\.\.\/\S* is outside your folder/);
    }
  });

  const expansions = [
    "ls -d {,/}etc",
    "cat {.,.}./bob/secret.txt",
    "echo {x,~root}",
    "cat ~/x",
    "ls /*",
    "cat notes.txt # -e x",
    "ls -d (/etc)",
  ];
  it.each(expansions)("%s with a shell set", async (line) => {
    await startWithTools({ shell: ["bash -c"] });
    const session = await shell(line, { folder: "/" });
    expectRefused(session, /with a shell set, a line may not hold \{ \} ~ \* \? \[ \( \) or #/);
    expect(session.text).not.toContain("etc");
  });
});
