#!/usr/bin/env node
// A private PostgreSQL cluster in a folder, for the tests: `start DIR` makes it (initdb) if
// missing, starts it on a free port with its socket in DIR and prints its URL; `stop DIR` stops
// it; `url DIR` prints the URL of a running one; `find` prints the binaries' folder (exit 1 when
// PostgreSQL is not installed). initdb and postgres refuse to run as root: as root the cluster
// belongs to the `postgres` user (Debian's package makes it) or, failing that, `nobody`.
// The cluster trades durability for speed (fsync off): it is thrown away after the tests.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const USER = "scriptorium";

export function postgresBin() {
  const env = process.env.SCRIPTORIUM_PG_BIN;
  if (env && existsSync(path.join(env, "initdb"))) return env;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : undefined;
}

function owner() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    if (spawnSync("id", ["-u", name]).status === 0) return name;
  }
  throw new Error("no unprivileged user to run PostgreSQL as");
}

function run(bin, args, as) {
  const argv = as ? ["runuser", "-u", as, "--", bin, ...args] : [bin, ...args];
  execFileSync(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const urlFile = (dir) => path.join(dir, "url");

export async function startCluster(dir) {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)");
  const as = owner();
  const data = path.join(dir, "data");
  mkdirSync(dir, { recursive: true });
  if (as) execFileSync("chown", [as, dir]);
  chmodSync(dir, 0o755);
  if (!existsSync(path.join(data, "PG_VERSION"))) {
    run(
      path.join(bin, "initdb"),
      ["-D", data, "-U", USER, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "-N"],
      as,
    );
  }
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=400",
    "-c shared_buffers=128MB",
  ].join(" ");
  run(
    path.join(bin, "pg_ctl"),
    ["-D", data, "-l", path.join(dir, "log"), "-o", opts, "-w", "-t", "60", "start"],
    as,
  );
  const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
  writeFileSync(urlFile(dir), url);
  return url;
}

export function stopCluster(dir) {
  const bin = postgresBin();
  const data = path.join(dir, "data");
  if (!bin || !existsSync(path.join(data, "postmaster.pid"))) return;
  run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], owner());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  if (command === "find") {
    const bin = postgresBin();
    if (!bin) process.exit(1);
    console.log(bin);
  } else if (command === "start" && dir) {
    console.log(await startCluster(path.resolve(dir)));
  } else if (command === "stop" && dir) {
    stopCluster(path.resolve(dir));
  } else if (command === "url" && dir) {
    console.log(readFileSync(urlFile(path.resolve(dir)), "utf8"));
  } else {
    console.error("usage: test-postgres.mjs start|stop|url DIR | find");
    process.exit(2);
  }
}
