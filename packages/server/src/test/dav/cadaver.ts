/**
 * cadaver (Debian's command-line WebDAV client) scripted: `cadaver -t URL < script`, the
 * credentials in a ~/.netrc of a temp HOME (cadaver reads them from there, never asking).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { requireTool } from "./apache.js";

export interface CadaverRun {
  code: number | null;
  /** What cadaver printed, its prompts included (`dav:/…> command`). */
  output: string;
  /** The output of each command of the script, by its position. */
  replies: string[];
}

/** Runs the commands (one a line) in `cwd` (where `put` and `get` find local files). */
export async function runCadaver(
  url: string,
  credentials: { user: string; password: string },
  commands: readonly string[],
  cwd: string,
): Promise<CadaverRun> {
  const cadaver = requireTool("cadaver");
  const home = await mkdtemp(path.join(tmpdir(), "scriptorium-cadaver-"));
  try {
    const host = new URL(url).hostname;
    await writeFile(
      path.join(home, ".netrc"),
      `machine ${host}\nlogin ${credentials.user}\npassword ${credentials.password}\n`,
      { mode: 0o600 },
    );
    const child = spawn(cadaver, ["-t", url], {
      cwd,
      env: { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stdin.end([...commands, "quit", ""].join("\n"));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.once("error", reject);
      child.once("close", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    // Each command is echoed after the prompt `dav:/path/> `: split the output there.
    const pieces = output.split(/^dav:[^\n]*?> /m).slice(1);
    const replies = commands.map((_, i) => pieces[i] ?? "");
    return { code, output, replies };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
