import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { startShellTarget, type ShellTarget } from "../../test/shell-target.js";
import { testDatabase } from "../../test/test-database.js";

let s: ShellTarget;
afterEach(() => s.close());
const start = async (opts: Parameters<typeof startShellTarget>[0] = {}) => {
  s = await startShellTarget(opts);
};
const shell = (...args: Parameters<ShellTarget["shell"]>) => s.shell(...args);
const upgradeStatus = (...args: Parameters<ShellTarget["upgradeStatus"]>) =>
  s.upgradeStatus(...args);

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

  it("gives the same answer to a program not allowed whether it exists or not", async () => {
    await start();
    expect(await shell("rm notes.txt")).toEqual({ text: "Command not allowed.", code: 1008 });
    expect(await shell("nosuchthing")).toEqual({ text: "Command not allowed.", code: 1008 });
  });

  it("names the rule that refused a line in the close reason (issue 31)", async () => {
    await start({ commands: ["ls", "cat", "sed", "nosuchprogram", "xargs"] });
    const refusal = async (line: string) => {
      const { code, reason } = await shell(line, { reason: true });
      expect(code, line).toBe(1008);
      return reason;
    };
    expect(await refusal("rm notes.txt")).toBe("not-in-commands");
    expect(await refusal("nosuchthing")).toBe("not-in-commands");
    expect(await refusal("ls:exec")).toBe("not-in-commands");
    expect(await refusal("ls; rm x")).toBe("syntax");
    expect(await refusal('cat "open')).toBe("syntax");
    expect(await refusal("/bin/ls")).toBe("program-path");
    expect(await refusal("xargs echo")).toBe("full-shell");
    expect(await refusal("sed -n '1e id' notes.txt")).toBe("exec-option");
    expect(await refusal("sed --nosuchoption p notes.txt")).toBe("argument");
    expect(await refusal("cat ../../bob/secret.txt")).toBe("outside ../../bob/secret.txt");
    expect(await refusal("nosuchprogram")).toBe("not-installed nosuchprogram");
    // The texts say it too, in English, for File Browser's client and the API.
    expect((await shell("nosuchprogram")).text).toBe(
      "Command not allowed: nosuchprogram is in your commands but is not installed on this server.",
    );
    expect((await shell("/bin/ls")).text).toBe(
      "Command not allowed: a program is named by its name alone, without a folder.",
    );
    expect((await shell("ls | cat")).text).toMatch(/^Command not allowed: a line may not hold ;/);
  });

  it("names a configured shell that is missing as not installed", async () => {
    await start({ shell: ["nosuchshell -c"] });
    expect(await shell("ls", { reason: true })).toMatchObject({
      code: 1008,
      reason: "not-installed nosuchshell",
    });
  });

  it("passes the line to the configured shell only when its first word is allowed", async () => {
    await start({ shell: ["bash -c"] });
    expect(await shell("echo $((6*7))")).toEqual({
      text: "Command not allowed: a line may not hold ; & | ` $ < > or a new line, and its quotes must be closed.",
      code: 1008,
    });
    expect(await shell("ls -1")).toEqual({ text: "notes.txt\n", code: 1000 });
    expect((await shell("bash -c id")).text).toBe("Command not allowed.");
  });

  it("is refused before the upgrade without the execute permission, with exec off, or without a valid session", async () => {
    await start();
    expect(await upgradeStatus(`/api/command/?auth=${s.tokens.bob}`)).toBe(403);
    expect(await upgradeStatus("/api/command/")).toBe(401);
    await s.t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "x-auth": s.tokens.ada },
    });
    expect(await upgradeStatus(`/api/command/?auth=${s.tokens.ada}`)).toBe(401);
    await s.close();
    await start({ enableExec: false });
    expect(await upgradeStatus(`/api/command/?auth=${s.tokens.ada}`)).toBe(403);
  });

  it("runs the file tools of issue 27's report as before: sed, tar, grep, sort", async () => {
    await start({ commands: ["ls", "cat", "sed", "tar", "sort", "grep"] });
    execFileSync("tar", ["-cf", "x.tar", "notes.txt"], { cwd: path.join(s.ada, "docs") });
    const ok = (text: string) => ({ text, code: 1000 });
    expect(await shell("sed -n 1,5p notes.txt")).toEqual(ok("Maurolico's notes\n"));
    expect(await shell("sed 's/notes/papers/' notes.txt")).toEqual(ok("Maurolico's papers\n"));
    expect(await shell("sed -n '/Maurolico/p' notes.txt")).toEqual(ok("Maurolico's notes\n"));
    expect(await shell("sed -n -e '1a\\' -e 'e is only text' notes.txt")).toEqual(
      ok("e is only text\n"),
    );
    expect(await shell("tar -tf x.tar")).toEqual(ok("notes.txt\n"));
    expect(await shell("tar -xf x.tar")).toEqual(ok(""));
    expect(await shell("tar -cf ../y.tar notes.txt")).toEqual(ok(""));
    expect(await shell("tar -tf y.tar", { folder: "/" })).toEqual(ok("notes.txt\n"));
    expect(await shell("grep -rnI Maurolico .")).toEqual(ok("./notes.txt:1:Maurolico's notes\n"));
    expect(await shell("sort notes.txt")).toEqual(ok("Maurolico's notes\n"));
    expect(await shell("sed -i 's/notes/Notes/' notes.txt")).toEqual(ok(""));
    expect(await shell("cat notes.txt")).toEqual(ok("Maurolico's Notes\n"));
  });

  it("runs them through a configured shell too, sed still guarded", async () => {
    await start({ shell: ["bash -c"], commands: ["sed", "tar"] });
    expect(await shell("sed -n 1p notes.txt")).toEqual({ text: "Maurolico's notes\n", code: 1000 });
    expect(await shell("'sed' -n 1p \"notes.txt\"")).toEqual({
      text: "Maurolico's notes\n",
      code: 1000,
    });
  });

  it("runs what runs programs once the admin lists its :exec entry, and tells what is missing", async () => {
    await start({ commands: ["sed:exec", "tar:exec", "find:exec", "env:exec", "xargs"] });
    execFileSync("tar", ["-cf", "x.tar", "notes.txt"], { cwd: path.join(s.ada, "docs") });
    expect(await shell("sed -n '1e echo ran' notes.txt")).toEqual({ text: "ran\n", code: 1000 });
    expect(await shell("tar -xf x.tar --to-command=cat")).toEqual({
      text: "Maurolico's notes\n",
      code: 1000,
    });
    expect(await shell("find . -name notes.txt -exec cat {} +")).toEqual({
      text: "Maurolico's notes\n",
      code: 1000,
    });
    expect(await shell("env echo hi")).toEqual({ text: "hi\n", code: 1000 });
    expect(await shell("xargs echo")).toEqual({
      text: "Command not allowed: xargs can run any other program, so it runs only with the entry xargs:exec.",
      code: 1008,
    });
    expect(await shell("sort notes.txt")).toEqual({ text: "Command not allowed.", code: 1008 });
  });

  it("says why a line is refused: the option that runs programs, the path out, the expansion", async () => {
    await start({ shell: ["bash -c"], commands: ["sed", "cat", "echo"] });
    expect(await shell('sed -n "1e id" notes.txt')).toEqual({
      text: "Command not allowed: sed's e command runs other programs; it needs the entry sed:exec.",
      code: 1008,
    });
    expect(await shell("cat -- ../../bob/secret.txt")).toEqual({
      text: "Command not allowed: ../../bob/secret.txt is outside your folder.",
      code: 1008,
    });
    expect(await shell("echo {x,~root}")).toEqual({
      text: "Command not allowed: with a shell set, a line may not hold { } ~ * ? [ ( ) or # (the shell would expand them, or read them itself).",
      code: 1008,
    });
  });

  it("turns on with `scriptorium config set --enableExec` while the server runs, no restart (issue 31)", async () => {
    await start({ enableExec: false });
    const url = `/api/command/?auth=${s.tokens.ada}`;
    expect(await upgradeStatus(url)).toBe(403);
    const quiet = { out: () => undefined, err: () => undefined };
    const database = await testDatabase(s.t.dir);
    expect(await main(["config", "set", "-d", database, "--enableExec"], {}, quiet)).toBe(0);
    expect(await upgradeStatus(url)).toBe(101);
    expect((await shell("ls")).text).toBe("notes.txt\n");
  });

  it("refuses an upgrade from another site", async () => {
    await start();
    expect(
      await upgradeStatus(`/api/command/?auth=${s.tokens.ada}`, { origin: "https://evil.example" }),
    ).toBe(403);
  });
});
