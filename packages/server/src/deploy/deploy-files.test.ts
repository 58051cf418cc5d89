/**
 * The deployment files of deploy/ (README, Deploying), checked with what this machine has:
 * Debian's nginx parses the site and proxies a real server through it over HTTPS (a certificate
 * openssl makes here): uploads, WebDAV, the shell's WebSocket, the redirect from HTTP. Caddy
 * validates both Caddyfiles, the compose file parses as YAML with the services it promises, and
 * the Containerfile's instructions are checked (their shell, the files, scripts and variables
 * they name). No image is built (no container daemon here). The unit: deploy-unit.test.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { ServeFlags } from "../cli/serve.js";
import { freeLocalPort } from "../test/dav/apache.js";
import { DEPLOY, program, readDeploy as read, REPO, run } from "../test/deploy-files.js";
import { createTestApp, type TestContext } from "../test/helpers.js";

describe("nginx site", () => {
  let dir: string;
  let t: TestContext;
  let nginx: ChildProcess | undefined;
  let httpsPort: number;
  let httpPort: number;

  beforeAll(async () => {
    const nginxBin = await program("nginx", "nginx");
    const openssl = await program("openssl", "openssl");
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-nginx-"));
    await run(openssl, [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ]);
    t = await createTestApp({
      settings: (s) => {
        s.webdav = { ...s.webdav, allowAccountPassword: true };
      },
      server: (c) => {
        c.enableExec = true;
      },
    });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const appPort = (t.app.server.address() as { port: number }).port;
    httpsPort = await freeLocalPort();
    httpPort = await freeLocalPort();
    // The site as shipped, with this test's ports, certificate, logs and one upstream.
    const site = (await read("nginx/scriptorium.conf"))
      .replace(/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${appPort} `)
      .replace(/^\s*server 127\.0\.0\.1:8081 .*$/m, "")
      .replace(/^\s*listen \[::\].*$/gm, "")
      .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
      .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
      .replaceAll("/etc/letsencrypt/live/files.example.org/fullchain.pem", `${dir}/cert.pem`)
      .replaceAll("/etc/letsencrypt/live/files.example.org/privkey.pem", `${dir}/key.pem`)
      .replaceAll("/var/log/nginx", dir);
    expect(site).not.toMatch(/8081|letsencrypt|\/var\/log/);
    await writeFile(path.join(dir, "site.conf"), site);
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
      .map((name) => `${name}_temp_path ${dir}/${name};`)
      .join(" ");
    const asRoot = process.getuid?.() === 0 ? "user root;" : "";
    await writeFile(
      path.join(dir, "nginx.conf"),
      `${asRoot} pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off; events {}\n` +
        `http { access_log off; ${temp} include ${dir}/site.conf; }\n`,
    );
    const tested = await run(nginxBin, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")]);
    expect(tested.stderr).toMatch(/test is successful/);
    nginx = spawn(nginxBin, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      const up = await send("GET", "/api/version").catch(() => undefined);
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill("SIGTERM");
      await once(nginx, "exit");
    }
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }

  /** A request through nginx over HTTPS (the test's own certificate). */
  function send(
    method: string,
    urlPath: string,
    opts: { headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          method,
          path: urlPath,
          headers: opts.headers,
          rejectUnauthorized: false,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(parts),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (opts.body && opts.chunked) {
        // Written in pieces: nginx must pass the body on as it arrives, whatever its length.
        const body = opts.body;
        const piece = 1 << 20;
        let at = 0;
        const next = (): void => {
          if (at >= body.length) {
            req.end();
            return;
          }
          const chunk = body.subarray(at, at + piece);
          at += piece;
          req.write(chunk, next);
        };
        next();
      } else req.end(opts.body);
    });
  }

  it("serves the API over HTTPS: a login, an upload larger than nginx's default limit, its download", async () => {
    const login = await send("POST", "/api/login", {
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ username: "admin", password: "admin-password-123" })),
    });
    expect(login.status).toBe(200);
    const token = login.body.toString();
    // 3 MiB: nginx's own default refuses more than 1 MiB (413) unless client_max_body_size says.
    const data = Buffer.alloc(3 << 20, 7);
    data.write("scriptorium", 0);
    const up = await send("POST", "/api/resources/big.bin?override=true", {
      headers: { "x-auth": token, "content-type": "application/octet-stream" },
      body: data,
      chunked: true,
    });
    expect(up.status).toBe(200);
    const down = await send("GET", "/api/raw/big.bin", { headers: { "x-auth": token } });
    expect(down.status).toBe(200);
    expect(down.body.equals(data)).toBe(true);
  });

  it("passes WebDAV's methods and headers: PROPFIND, MOVE with a Destination naming the public host", async () => {
    const basic = `Basic ${Buffer.from("admin:admin-password-123").toString("base64")}`;
    const put = await send("PUT", "/dav/a.txt", {
      headers: { authorization: basic },
      body: Buffer.from("hello"),
    });
    expect(put.status).toBe(201);
    const found = await send("PROPFIND", "/dav/", {
      headers: { authorization: basic, depth: "1" },
    });
    expect(found.status).toBe(207);
    expect(found.body.toString()).toContain("/dav/a.txt");
    const moved = await send("MOVE", "/dav/a.txt", {
      headers: { authorization: basic, destination: "https://files.example.org/dav/b.txt" },
    });
    expect(moved.status).toBe(201);
    const got = await send("GET", "/dav/b.txt", { headers: { authorization: basic } });
    expect(got.body.toString()).toBe("hello");
  });

  /** The status of a WebSocket upgrade through nginx (101 when the server accepted it). */
  function upgradeStatus(urlPath: string, origin: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port: httpsPort,
        path: urlPath,
        agent: false,
        rejectUnauthorized: false,
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          origin,
          "sec-websocket-version": "13",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
      });
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        res.socket.destroy();
      });
      req.on("upgrade", (res, socket) => {
        resolve(res.statusCode ?? 0);
        socket.destroy();
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("upgrades the shell's WebSocket, with the Host the browser sent (its Origin check passes)", async () => {
    const token = await t.login();
    const shellPath = `/api/command/?auth=${token}`;
    expect(await upgradeStatus(shellPath, `https://127.0.0.1:${httpsPort}`)).toBe(101);
    // The server still refuses another site's page: the Origin is compared, not waved through.
    expect(await upgradeStatus(shellPath, "https://elsewhere.example")).toBe(403);
  });

  it("sends plain HTTP to HTTPS", async () => {
    const res = await fetch(`http://127.0.0.1:${httpPort}/files/a?b=c`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`https://127.0.0.1/files/a?b=c`);
  });

  it("keeps /metrics off the public site", async () => {
    expect((await send("GET", "/metrics")).status).toBe(404);
  });
});

describe("Caddyfiles", () => {
  it("both validate with Caddy", async () => {
    const caddy = await program("caddy", "caddy");
    for (const file of ["Caddyfile", "Caddyfile.compose"]) {
      const out = await run(caddy, [
        "validate",
        "--adapter",
        "caddyfile",
        "--config",
        path.join(DEPLOY, file),
      ]);
      expect(`${out.stdout}${out.stderr}`, file).toMatch(/Valid configuration/);
    }
  });
});

describe("compose file", () => {
  it("parses, with PostgreSQL, the server on its URL and a shared volume, and the proxy as a profile", async () => {
    const compose = parseYaml(await read("compose.yaml")) as {
      services: Record<string, Record<string, unknown>>;
      volumes: Record<string, unknown>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(["caddy", "postgres", "scriptorium"]);
    const pg = compose.services.postgres!;
    const pgEnv = pg.environment as Record<string, string>;
    expect(pgEnv.POSTGRES_INITDB_ARGS).toMatch(/--lc-collate=C\b/);
    expect(pg.healthcheck).toBeDefined();
    const server = compose.services.scriptorium!;
    const env = server.environment as Record<string, string>;
    expect(env.SCRIPTORIUM_DATABASE).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(server.volumes).toContain("data:/data");
    // The server's state is on the volume every instance shares, not in the container.
    expect(env.SCRIPTORIUM_DATA).toMatch(/^\/data\//);
    expect(compose.volumes).toHaveProperty("data");
    expect((server.build as { dockerfile: string }).dockerfile).toBe("deploy/Containerfile");
    expect((server.depends_on as Record<string, { condition: string }>).postgres!.condition).toBe(
      "service_healthy",
    );
    expect(server.security_opt).toEqual(
      expect.arrayContaining(["seccomp=unconfined", "systempaths=unconfined"]),
    );
    expect(compose.services.caddy!.profiles).toEqual(["proxy"]);
    // Every SCRIPTORIUM_* variable it sets is one the server reads.
    const known = new Set(
      Object.values(ServeFlags.properties).map((flag) => (flag as { env?: string }).env),
    );
    for (const name of Object.keys(env)) expect(known.has(name), name).toBe(true);
    // The files it mounts are there.
    for (const mount of [
      ...(pg.volumes as string[]),
      ...(compose.services.caddy!.volumes as string[]),
    ]) {
      const source = mount.split(":")[0]!;
      if (source.startsWith("./")) await readFile(path.join(DEPLOY, source));
    }
  });
});

const DOCKERFILE_KEYWORDS = [
  "FROM",
  "ARG",
  "RUN",
  "WORKDIR",
  "COPY",
  "ENV",
  "USER",
  "VOLUME",
  "EXPOSE",
  "STOPSIGNAL",
  "HEALTHCHECK",
  "ENTRYPOINT",
  "CMD",
];

describe("Containerfile", () => {
  it("builds in two stages from files, scripts and flags that exist", async () => {
    const text = await read("Containerfile");
    const froms = [...text.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((m) => m[2] ?? m[1]);
    expect(froms).toEqual(["build", "maurotex", "${NODE_IMAGE}"]);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(text).toMatch(/^USER scriptorium$/m);
    expect(text).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(text).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(text).toMatch(/^ENTRYPOINT \["tini", "--", "scriptorium"\]$/m);
    expect(text).toContain("bubblewrap");
    for (const pkg of ["texlive-latex-base", "texlive-humanities", "texlive-latex-extra"]) {
      expect(text).toContain(pkg);
    }
    // npm ci runs the root's prepare script, which must build what the image checks for.
    const root = JSON.parse(await readFile(path.join(REPO, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      bin: Record<string, string>;
    };
    expect(root.scripts.prepare).toBe("npm run build");
    expect(root.scripts.build).toContain("bundle.mjs");
    expect(root.scripts.build).toContain("@scriptorium/web");
    expect(text).toContain(`/opt/scriptorium/${root.bin.scriptorium}`);
    for (const rel of [root.bin.scriptorium, "packages/server/scripts/bundle.mjs"]) {
      await readFile(path.join(REPO, rel!));
    }
    // Every SCRIPTORIUM_* variable it sets is one the server reads (or the log level).
    const known = new Set(
      Object.values(ServeFlags.properties).map((flag) => (flag as { env?: string }).env),
    );
    for (const [, name] of text.matchAll(/^\s+(SCRIPTORIUM_[A-Z_]+)=/gm)) {
      expect(known.has(name), name).toBe(true);
    }
    // Each RUN is valid sh, each exec form valid JSON, the health check valid JavaScript.
    const instructions = text
      .replace(/\\\n/g, " ")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#"));
    expect(instructions.filter((line) => line.startsWith("RUN ")).length).toBeGreaterThanOrEqual(5);
    const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-containerfile-"));
    try {
      for (const line of instructions) {
        const [keyword, ...rest] = line.trim().split(/\s+/);
        expect(DOCKERFILE_KEYWORDS, line).toContain(keyword);
        const args = rest.join(" ");
        if (keyword === "RUN") await run("sh", ["-n", "-c", args]);
        if (keyword === "ENTRYPOINT" || keyword === "CMD" || keyword === "VOLUME") {
          expect(Array.isArray(JSON.parse(args)), line).toBe(true);
        }
        if (keyword === "HEALTHCHECK") {
          const exec = JSON.parse(args.slice(args.indexOf("CMD ") + 4)) as string[];
          expect(exec.slice(0, 2)).toEqual(["node", "-e"]);
          await writeFile(path.join(dir, "health.js"), exec[2]!);
          await run(process.execPath, ["--check", path.join(dir, "health.js")]);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The build context leaves out what the build makes.
    const ignore = await readFile(path.join(REPO, ".dockerignore"), "utf8");
    for (const entry of ["**/node_modules", "**/dist", "packages/server/bundle", "**/.env"]) {
      expect(ignore.split("\n")).toContain(entry);
    }
  });
});
