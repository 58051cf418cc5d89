import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShellTarget, type ShellTarget } from "../test/shell-target.js";

/**
 * File Browser's shell client (API.md §10.2): `new WebSocket(<base>/api/command<path>?auth=<jwt>)`,
 * one text message with the command, output collected from every message, the end seen only
 * through `onclose` (any code). Our decisions (Part A §13) keep that shape.
 */
let s: ShellTarget;
beforeAll(async () => {
  s = await startShellTarget();
});
afterAll(() => s.close());

describe("the command socket (§10.2)", () => {
  it("answers a command with its output and then closes", async () => {
    const session = await s.shell("ls -1", { folder: "/docs/" });
    expect(session.text.trim()).toBe("notes.txt");
    expect([1000, 1005, 1006]).toContain(session.code);
  });

  it("answers 'Command not allowed.' for a program the user may not run", async () => {
    const session = await s.shell("rm -rf .");
    expect(session.text).toBe("Command not allowed.");
  });

  it("ignores blank messages before the command and anything after it", async () => {
    const session = await new Promise<string>((resolve) => {
      const socket = new WebSocket(
        `ws://127.0.0.1:${s.port}/api/command/docs/?auth=${s.tokens.ada}`,
      );
      let text = "";
      socket.onopen = () => {
        socket.send("   ");
        socket.send("echo first");
        socket.send("echo second");
      };
      socket.onmessage = (event) => (text += String(event.data));
      socket.onclose = () => resolve(text);
    });
    expect(session).toBe("first\n");
  });
});
