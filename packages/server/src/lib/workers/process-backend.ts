import { spawn } from "node:child_process";
import { once } from "node:events";
import { setPriority } from "node:os";
import type { Backend } from "./offloaded-stream.js";

const probes = new Map<string, Promise<boolean>>();

/** Whether a program can be started (probed once per program, without blocking). */
export function programPresent(command: string, args: string[]): Promise<boolean> {
  let probe = probes.get(command);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const child = spawn(command, args, { stdio: "ignore" });
      child.once("error", () => resolve(false));
      child.once("close", (code) => resolve(code === 0));
    });
    probes.set(command, probe);
  }
  return probe;
}

/** The programs run at a lower priority than the server (nice 10). */
const NICENESS = 10;

/** Last bytes of a program's stderr, for the error message of a failed run. */
const STDERR_KEEP = 2048;

/**
 * Runs `command args` as a filter: input to its stdin, its stdout as output. The program is
 * started with an argument vector (no shell). It is killed when the stream is destroyed; a
 * non-zero exit fails the stream with the end of what it wrote on stderr.
 */
export function processBackend(
  command: string,
  args: string[],
  push: (chunk: Buffer) => boolean,
): Backend {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  // A compressor takes a whole core: it yields to the server's event loop when both want one.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, NICENESS);
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
  }
  let stderr = "";
  let killed = false;
  child.stderr.on("data", (c: Buffer) => {
    stderr = (stderr + c.toString("utf8")).slice(-STDERR_KEEP);
  });
  // Writes after the program has exited fail with EPIPE: its exit status tells what went wrong.
  child.stdin.on("error", () => undefined);
  child.stdout.on("data", (c: Buffer) => {
    if (!push(c)) child.stdout.pause();
  });
  const outcome = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) return resolve();
      const why = stderr.trim() || (signal ? `killed by ${signal}` : `exit status ${code}`);
      reject(new Error(`${command} failed: ${why}`));
    });
  });
  // Not awaited until the end; a failure is also seen by a waiting write.
  outcome.catch(() => undefined);
  const exited = outcome.then(
    () => "exited" as const,
    () => "exited" as const,
  );
  return {
    async write(chunk) {
      if (child.exitCode !== null || child.signalCode !== null) return outcome;
      if (child.stdin.write(chunk)) return;
      const result = await Promise.race([
        once(child.stdin, "drain").then(
          () => "drained" as const,
          () => "exited" as const,
        ),
        exited,
      ]);
      if (result === "exited") await outcome;
    },
    async end() {
      child.stdin.end();
      await outcome;
    },
    resume() {
      child.stdout.resume();
    },
    destroy() {
      if (killed || child.exitCode !== null) return;
      killed = true;
      child.kill("SIGKILL");
    },
  };
}
