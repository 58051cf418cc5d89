import { afterEach, describe, expect, it } from "vitest";
import { startShellTarget, type ShellTarget } from "../../test/shell-target.js";

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

  it("refuses an upgrade from another site", async () => {
    await start();
    expect(
      await upgradeStatus(`/api/command/?auth=${s.tokens.ada}`, { origin: "https://evil.example" }),
    ).toBe(403);
  });
});
