/**
 * rclone (Debian's) against a WebDAV URL: a remote named `dav` defined in the environment only
 * (RCLONE_CONFIG_DAV_TYPE=webdav, _URL, _VENDOR=other, _USER, _PASS obscured by `rclone obscure`),
 * with an empty config file and HOME in a temp folder, so nothing of the machine's is read.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { requireTool } from "./apache.js";

export interface RcloneResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Rclone {
  /** Runs `rclone ARGS…` with the `dav:` remote; rejects on a non-zero exit unless `allowFail`. */
  run(args: readonly string[], opts?: { allowFail?: boolean }): Promise<RcloneResult>;
  close(): Promise<void>;
}

export async function rcloneFor(
  url: string,
  credentials: { user: string; password: string },
): Promise<Rclone> {
  const rclone = requireTool("rclone");
  const home = await mkdtemp(path.join(tmpdir(), "scriptorium-rclone-"));
  const config = path.join(home, "rclone.conf");
  await writeFile(config, "");
  const obscured = spawnSync(rclone, ["obscure", credentials.password], { encoding: "utf8" });
  if (obscured.status !== 0) throw new Error(`rclone obscure: ${obscured.stderr}`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: "C.UTF-8",
    RCLONE_CONFIG: config,
    RCLONE_CACHE_DIR: path.join(home, "cache"),
    RCLONE_CONFIG_DAV_TYPE: "webdav",
    RCLONE_CONFIG_DAV_URL: url,
    RCLONE_CONFIG_DAV_VENDOR: "other",
    RCLONE_CONFIG_DAV_USER: credentials.user,
    RCLONE_CONFIG_DAV_PASS: obscured.stdout.trim(),
  };
  return {
    run(args, opts = {}) {
      return new Promise((resolve, reject) => {
        const child = spawn(rclone, args, { env, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
        child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
        child.once("error", reject);
        child.once("close", (code) => {
          const result = { code, stdout, stderr };
          if (code !== 0 && !opts.allowFail) {
            reject(new Error(`rclone ${args.join(" ")} exited ${code}:\n${stderr}`));
          } else resolve(result);
        });
      });
    },
    close: () => rm(home, { recursive: true, force: true }),
  };
}
