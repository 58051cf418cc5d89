/**
 * Apache's mod_dav (Debian's apache2, mod_dav_fs) started from a generated configuration in a temp
 * folder (never the system's), on a free port of 127.0.0.1, in the foreground: the reference the
 * WebDAV tests and the bench compare us with. Basic auth from a generated password file when asked.
 * As root, Apache serves as www-data (it refuses to serve as root), so its folders are given to
 * www-data. Imports nothing of ours, so the bench (on Node's type stripping) can use it too; hence
 * `requireTool` lives here: the other WebDAV test helpers find their programs through it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { accessSync, constants } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type DavTool = "litmus" | "rclone" | "cadaver" | "apache2";

const PACKAGE: Record<DavTool, string> = {
  litmus: "litmus",
  rclone: "rclone",
  cadaver: "cadaver",
  apache2: "apache2",
};

/** The absolute path of a program, from the PATH or /usr/sbin; throws saying how to install it. */
export function requireTool(program: DavTool): string {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new Error(
    `${program} is not installed: run .ci/run (it installs Debian's ${PACKAGE[program]}), ` +
      `or apt-get install ${PACKAGE[program]}`,
  );
}

const MODULES = "/usr/lib/apache2/modules";
const SERVE_AS = { name: "www-data", uid: 33, gid: 33 };

export interface ApacheDav {
  /** The base URL of the WebDAV root, ending with `/`. */
  url: string;
  port: number;
  /** The folder served (Apache's DocumentRoot). */
  root: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface ApacheOptions {
  /** Basic credentials required on every request; none when absent. */
  auth?: { user: string; password: string };
  /** The folder to serve; a fresh one in the temp folder by default (removed at stop). */
  root?: string;
  /** Worker threads (the event MPM's ThreadsPerChild); 25 by default. */
  threads?: number;
}

export async function freeLocalPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

function config(dir: string, root: string, port: number, opts: ApacheOptions): string {
  const mod = (name: string, file: string) => `LoadModule ${name}_module ${MODULES}/mod_${file}.so`;
  const asRoot = process.getuid?.() === 0;
  const threads = opts.threads ?? 25;
  return [
    `ServerRoot "${dir}"`,
    "ServerName 127.0.0.1",
    `Listen 127.0.0.1:${port}`,
    `PidFile "${dir}/httpd.pid"`,
    `ErrorLog "${dir}/error.log"`,
    "LogLevel warn",
    ...(asRoot ? [`User ${SERVE_AS.name}`, `Group ${SERVE_AS.name}`] : []),
    mod("mpm_event", "mpm_event"),
    `StartServers 1`,
    `ServerLimit 2`,
    `ThreadsPerChild ${threads}`,
    `MaxRequestWorkers ${threads * 2}`,
    `ThreadLimit ${Math.max(64, threads)}`,
    mod("authn_core", "authn_core"),
    mod("authn_file", "authn_file"),
    mod("authz_core", "authz_core"),
    mod("authz_user", "authz_user"),
    mod("auth_basic", "auth_basic"),
    mod("dav", "dav"),
    mod("dav_fs", "dav_fs"),
    mod("mime", "mime"),
    "TypesConfig /etc/mime.types",
    "EnableSendfile On",
    "KeepAlive On",
    "MaxKeepAliveRequests 0",
    "LimitRequestBody 0",
    `DavLockDB "${dir}/var/DavLock"`,
    "<Directory />",
    "  AllowOverride None",
    "  Require all denied",
    "</Directory>",
    `DocumentRoot "${root}"`,
    `<Directory "${root}">`,
    "  Dav On",
    ...(opts.auth
      ? [
          "  AuthType Basic",
          '  AuthName "dav"',
          `  AuthUserFile "${dir}/htpasswd"`,
          "  Require valid-user",
        ]
      : ["  Require all granted"]),
    "</Directory>",
    "",
  ].join("\n");
}

/** Waits until something accepts connections on the port, or the child exits. */
async function waitForPort(port: number, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = await readFile(errorLog, "utf8").catch(() => "");
      throw new Error(`apache2 exited (${child.exitCode ?? child.signalCode}): ${log}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`apache2 did not listen on ${port} in 15 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Gives a folder (and, with `deep`, what it holds) to the user Apache serves as, when root. */
export async function giveToApache(folder: string, deep = false): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await chown(folder, SERVE_AS.uid, SERVE_AS.gid);
  if (!deep) return;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await giveToApache(full, true);
    else await chown(full, SERVE_AS.uid, SERVE_AS.gid);
  }
}

/** Starts Apache's mod_dav; `stop()` ends it and removes its temp folder. */
export async function startApacheDav(opts: ApacheOptions = {}): Promise<ApacheDav> {
  const apache2 = requireTool("apache2");
  const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-apache-"));
  // Apache's workers (www-data when root) must reach the served folder through this one.
  await chmod(dir, 0o755);
  const root = opts.root ?? path.join(dir, "www");
  await mkdir(root, { recursive: true });
  await mkdir(path.join(dir, "var"));
  await giveToApache(path.join(dir, "var"));
  if (!opts.root) await giveToApache(root);
  if (opts.auth) {
    // Apache's {SHA} form: base64 of the SHA-1 of the password (a throwaway test password).
    const sha = createHash("sha1").update(opts.auth.password).digest("base64");
    await writeFile(path.join(dir, "htpasswd"), `${opts.auth.user}:{SHA}${sha}\n`, { mode: 0o644 });
  }
  const port = await freeLocalPort();
  const conf = path.join(dir, "httpd.conf");
  await writeFile(conf, config(dir, root, port, opts));
  const child = spawn(apache2, ["-f", conf, "-DFOREGROUND"], {
    stdio: ["ignore", "inherit", "inherit"],
    // The Debian wrapper's variables are not needed with -f; a clean locale keeps messages plain.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C" },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      // SIGTERM: Apache's immediate stop, its workers included.
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, path.join(dir, "error.log"));
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}/`, port, root, child, stop };
}
