import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/database.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createSharesStore } from "../features/shares/shares.store.js";
import { createUsersStore } from "../features/users/users.store.js";
import { main } from "./main.js";

const FIXTURES = fileURLToPath(new URL("./import/fixtures/", import.meta.url));
const PASSWORDS: Record<string, string> = {
  admin: "admin-old-password",
  Bruno: "bruno-old-password",
  carla: "carla-old-password",
  BRUNO: "other-bruno-password",
};

type Json = Record<string, unknown>;

/** What Go's json.Encoder with SetIndent("", "    ") writes, HTML characters escaped. */
function goJson(value: unknown): string {
  return (
    JSON.stringify(value, null, 4)
      .replace(/</g, "\\u003c")
      .replace(/>/g, "\\u003e")
      .replace(/&/g, "\\u0026") + "\n"
  );
}

/** bcrypt as Go's x/crypto/bcrypt writes it: cost 10, `$2a$`. */
const goBcrypt = (password: string) => bcrypt.hashSync(password, 10).replace(/^\$2b\$/, "$2a$");

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as Json[] & Json;

let dir: string;
let db: string;
let root: string;
const files = { users: "", config: "", shares: "" };

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    argv,
    {},
    {
      out: (text) => (stdout += text + "\n"),
      err: (text) => (stderr += text + "\n"),
    },
  );
  return { code, stdout, stderr };
}

async function writeExports(
  change: { users?: (u: Json[]) => void; config?: (c: Json) => void } = {},
) {
  const users = fixture("users.json") as Json[];
  for (const u of users) u.password = goBcrypt(PASSWORDS[u.username as string] ?? "");
  change.users?.(users);
  const config = fixture("config.json");
  change.config?.(config);
  const shares = fixture("shares.json") as Json[];
  (shares[0] as Json).password_hash = goBcrypt("share-password");
  await writeFile(files.users, goJson(users));
  await writeFile(files.config, goJson(config));
  await writeFile(files.shares, goJson(shares));
}

const importAll = (...extra: string[]) =>
  cli(
    "import",
    "filebrowser",
    "--users",
    files.users,
    "--config",
    files.config,
    "--shares",
    files.shares,
    "-d",
    db,
    "-r",
    root,
    ...extra,
  );

async function withDb<T>(use: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const handle = await openDatabase(db);
  try {
    return await use(handle);
  } finally {
    await handle.destroy();
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-fb-import-"));
  db = path.join(dir, "s.db");
  root = path.join(dir, "files");
  files.users = path.join(dir, "users.json");
  files.config = path.join(dir, "config.json");
  files.shares = path.join(dir, "shares.json");
  await writeExports();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scriptorium import filebrowser", () => {
  it("imports users whose old passwords log in through the API, re-hashed to Argon2id", async () => {
    const res = await importAll();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Users: 3 imported, 1 skipped/);
    // File Browser's ids are kept where free (its id 3 was not imported: carla stays 4).
    expect(res.stdout).toMatch(/\+ carla: id 4 \(File Browser id 4\), scope \/users\/carla/);
    expect(res.stdout).toMatch(
      /- user "BRUNO" \(File Browser id 5\): same name as File Browser user 2/,
    );
    expect(existsSync(path.join(root, "users", "bruno"))).toBe(true);

    const handle = await openDatabase(db);
    const app = await buildApp({
      db: handle,
      root,
      webDist: path.join(dir, "no-web"),
      cacheDir: path.join(dir, "cache"),
    });
    try {
      const login = (username: string, password: string) =>
        app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
      expect((await login("Bruno", "wrong-password-1")).statusCode).toBe(403);
      const ok = await login("Bruno", "bruno-old-password");
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await login("admin", "admin-old-password")).statusCode).toBe(200);
      const bruno = await createUsersStore(handle).findByUsername("bruno");
      expect(bruno?.passwordHash).toMatch(/^\$argon2id\$/);
      // The new hash still takes the same password.
      expect((await login("Bruno", "bruno-old-password")).statusCode).toBe(200);

      // A password link keeps its bcrypt hash, and the share gate verifies it.
      await mkdir(path.join(root, "users", "bruno", "docs"), { recursive: true });
      const share = (password?: string) =>
        app.inject({
          method: "GET",
          url: "/api/public/share/Ab3dE_9z",
          headers: password === undefined ? {} : { "x-share-password": password },
        });
      expect((await share()).statusCode).toBe(401);
      expect((await share("not-the-password")).statusCode).toBe(401);
      const first = await share("share-password");
      expect(first.statusCode).toBe(200);
      // …which re-hashes it to Argon2id at first use; the password and the token still open it.
      const stored = await createSharesStore(handle).find("Ab3dE_9z");
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await share("share-password")).statusCode).toBe(200);
      const { token } = first.json<{ token: string }>();
      const withToken = await app.inject({ url: `/api/public/share/Ab3dE_9z?token=${token}` });
      expect(withToken.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("maps fields, flips name sorting, keeps valid rules and reports what it could not map", async () => {
    const res = await importAll();
    expect(res.code, res.stderr).toBe(0);
    await withDb(async (handle) => {
      const users = createUsersStore(handle);
      const admin = await users.findByUsername("admin");
      const bruno = await users.findByUsername("Bruno");
      const carla = await users.findByUsername("carla");
      // File Browser's name asc:false is A→Z, ours asc:true; and the other way round.
      expect(admin?.sorting).toEqual({ by: "name", asc: true });
      expect(carla?.sorting).toEqual({ by: "name", asc: false });
      expect(bruno?.sorting).toEqual({ by: "size", asc: true });
      expect(admin?.perm).toMatchObject({ admin: true, unzip: true });
      expect(admin?.commands).toEqual(["git", "ls"]);
      expect(bruno).toMatchObject({
        scope: "/users/bruno",
        locale: "it",
        viewMode: "list",
        singleClick: true,
        hideDotfiles: true,
        dateFormat: true,
        lockPassword: true,
        commands: [],
        perm: { admin: false, delete: false, execute: false, create: true, unzip: true },
      });
      // Rules are RE2 (Go's regexp) here as there: Go's (?i) flag reads the same.
      expect(bruno?.rules.map((r) => (r.regex ? r.regexp.raw : r.path))).toEqual([
        "/private",
        "(?i)\\.secret$",
        "\\.pdf$",
      ]);
      expect(carla).toMatchObject({ locale: "en", viewMode: "mosaic gallery", rules: [] });
      expect(carla?.perm).toMatchObject({ download: true, create: false, unzip: false });

      const store = createSettingsStore(handle);
      const settings = await store.getSettings();
      expect(settings).toMatchObject({
        signup: false,
        createUserDir: true,
        userHomeBasePath: "/users",
        shell: ["bash", "-c"],
        branding: { name: "Edizione Maurolico & Co", theme: "dark", color: "#2979ff" },
        tus: { chunkSize: 10485760, retryCount: 5 },
        defaults: { locale: "it", sorting: { by: "name", asc: true }, perm: { execute: true } },
      });
      expect(settings.commands.after_save).toEqual(["echo saved $FILE"]);
      expect(settings.rules).toEqual([
        { regex: true, allow: false, path: "", regexp: { raw: "\\.bak$" } },
      ]);
      expect(await store.getServerConfig()).toMatchObject({
        authMethod: "json",
        tokenExpirationTime: "6h",
        minimumPasswordLength: 10,
        resizePreview: false,
        enableThumbnails: true,
        enableExec: false,
      });

      const shares = await createSharesStore(handle).list(undefined);
      expect(shares.map((s) => [s.hash, s.path, s.username, s.expire])).toEqual([
        ["Qq1-Ww2e", "/notes.txt", "admin", 4102444800],
        ["Ab3dE_9z", "/docs/", "Bruno", 0],
      ]);
    });
    for (const line of [
      /user "carla": locale "cs" is not one Scriptorium has: it becomes "en"/,
      /! user "Bruno": deny rule\(s\) "\/private" match whole path components here/,
      /user "Bruno": aceEditorTheme "dracula" not imported/,
      /settings: hideLoginButton true not imported/,
      /settings: the signing key is not imported/,
      /server: root "\/srv" not imported: serve it with scriptorium -r/,
      /- share Old00001: it has expired/,
      /- share Gone0001: could not map: its owner \(File Browser user 3\) is not imported/,
      /- share Dup5Usr5: could not map: its owner \(File Browser user 5\) is not imported/,
      /download tokens of 1 password link\(s\) are not carried over/,
    ]) {
      expect(res.stdout).toMatch(line);
    }
  });

  it("--dry-run prints the plan and writes nothing, not even a new database", async () => {
    const res = await importAll("--dry-run");
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/dry run, nothing was written/);
    expect(res.stdout).toMatch(/Users: 3 to import, 1 skipped/);
    expect(res.stdout).toMatch(/Scope folders to make:/);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(root)).toBe(false);

    expect((await cli("users", "add", "zoe", "zoe-password-123", "-d", db, "-r", root)).code).toBe(
      0,
    );
    // An expired link of the same hash: looking it up would purge it, but not in a dry run.
    await withDb((h) =>
      createSharesStore(h).create({
        hash: "Old00001",
        path: "/",
        userId: 1,
        expire: 1,
        mode: "read",
        created: 0,
      }),
    );
    const before = await cli("config", "cat", "-d", db);
    expect((await importAll("--dry-run")).code).toBe(0);
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before.stdout);
    expect(await withDb((h) => createUsersStore(h).count())).toBe(1);
    const raw = new DatabaseSync(db);
    expect(raw.prepare("SELECT hash FROM shares").all()).toEqual([{ hash: "Old00001" }]);
    raw.close();
  });

  it("a bad file changes nothing and says where it is wrong", async () => {
    expect((await cli("users", "add", "zoe", "zoe-password-123", "-d", db, "-r", root)).code).toBe(
      0,
    );
    const before = (await cli("config", "cat", "-d", db)).stdout;
    await writeExports({ users: (u) => ((u[2]?.perm as Json).create = "yes") });
    const res = await importAll();
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /nothing was imported: .*users\.json: \[2\]\.perm\.create must be true or false/,
    );
    await writeExports();
    await writeFile(files.config, "bolt\u0000\u0000binary");
    const bolt = await importAll();
    expect(bolt.code).toBe(2);
    expect(bolt.stderr).toMatch(/database file cannot be read directly/);
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before);
    expect(await withDb((h) => createUsersStore(h).count())).toBe(1);
  });

  it("a failure while writing rolls everything back", async () => {
    expect((await cli("users", "add", "zoe", "zoe-password-123", "-d", db, "-r", root)).code).toBe(
      0,
    );
    const before = (await cli("config", "cat", "-d", db)).stdout;
    // The third user's insert fails, as a full disk would make it fail.
    const raw = new DatabaseSync(db);
    raw.exec(
      "CREATE TRIGGER fail_carla BEFORE INSERT ON users WHEN NEW.username = 'carla' " +
        "BEGIN SELECT RAISE(ABORT, 'no space left'); END;",
    );
    raw.close();
    const res = await importAll();
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/no space left/);
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before);
    await withDb(async (h) => {
      expect((await createUsersStore(h).list()).map((u) => u.username)).toEqual(["zoe"]);
      expect(await createSharesStore(h).list(undefined)).toEqual([]);
    });
  });

  it("skips a user whose name exists already, whatever its case, and leaves that user alone", async () => {
    expect(
      (await cli("users", "add", "bruno", "our-bruno-password", "-d", db, "-r", root)).code,
    ).toBe(0);
    const res = await importAll();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /- user "Bruno" \(File Browser id 2\): a user named "bruno" \(id 1\) exists already/,
    );
    expect(res.stdout).toMatch(/share Ab3dE_9z: could not map: its owner \(File Browser user 2\)/);
    await withDb(async (h) => {
      const bruno = await createUsersStore(h).findByUsername("Bruno");
      expect(bruno?.username).toBe("bruno");
      expect(bruno?.passwordHash).toMatch(/^\$argon2id\$/);
    });
  });

  it("reads File Browser 2.31's shapes (fewer fields) and warns who noauth logs in as", async () => {
    await writeExports({
      users: (users) => {
        for (const u of users) {
          delete u.redirectAfterCopyMove;
          delete u.aceEditorTheme;
        }
        // Go writes nil slices as null (records that were never cleaned).
        (users[1] as Json).commands = null;
        (users[2] as Json).rules = null;
      },
      config: (c) => {
        const settings = c.settings as Json;
        for (const key of ["hideLoginButton", "logoutPage", "minimumPasswordLength"]) {
          delete settings[key];
        }
        for (const key of ["fileMode", "dirMode", "hideDotfiles"]) delete settings[key];
        delete (settings.defaults as Json).redirectAfterCopyMove;
        delete (settings.defaults as Json).aceEditorTheme;
        settings.authMethod = "noauth";
        // Go syntax JavaScript does not read is RE2's too; a back-reference Go refuses.
        (settings.rules as Json[]).push(
          { regex: true, allow: false, path: "", regexp: { raw: "\\.tmp\\z" } },
          { regex: true, allow: false, path: "", regexp: { raw: "(\\w+)\\.\\1$" } },
        );
        c.auther = {};
        const server = c.server as Json;
        delete server.imageResolutionCalculation;
        delete server.followExternalSymlinks;
      },
    });
    expect((await cli("users", "add", "zoe", "zoe-password-123", "-d", db, "-r", root)).code).toBe(
      0,
    );
    const res = await importAll();
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Users: 3 imported/);
    expect(res.stdout).not.toMatch(/aceEditorTheme|hideLoginButton/);
    expect(res.stdout).toMatch(
      /! global rules: rule 3 \(deny regex "\(\\\\w\+\)\\\\.\\\\1\$"\) left out: invalid regular expression at character 8: back-references/,
    );
    expect(res.stdout).not.toMatch(/rule 2 \(deny regex "\\\\.tmp/);
    expect((await withDb((h) => createSettingsStore(h).getSettings())).rules).toContainEqual({
      regex: true,
      allow: false,
      path: "",
      regexp: { raw: "\\.tmp\\z" },
    });
    expect(res.stdout).toMatch(
      /! login: without a login everyone is the user with the lowest id here: "zoe"/,
    );
    expect(await withDb((h) => createSettingsStore(h).getServerConfig())).toMatchObject({
      authMethod: "noauth",
      minimumPasswordLength: 12,
    });
  });

  it("maps proxy login with its header, and reports hook login as not mapped", async () => {
    await writeExports({
      config: (c) => {
        (c.settings as Json).authMethod = "proxy";
        c.auther = { header: "X-Remote-User" };
      },
    });
    expect((await importAll()).code).toBe(0);
    expect(await withDb((h) => createSettingsStore(h).getServerConfig())).toMatchObject({
      authMethod: "proxy",
      authHeader: "X-Remote-User",
    });
    await writeExports({
      config: (c) => {
        (c.settings as Json).authMethod = "hook";
        c.auther = { command: "/usr/local/bin/check-login" };
      },
    });
    const hook = await cli("import", "filebrowser", "--config", files.config, "-d", db);
    expect(hook.code, hook.stderr).toBe(0);
    expect(hook.stdout).toMatch(
      /login: authMethod "hook" not imported: Scriptorium has no hook login/,
    );
    expect(await withDb((h) => createSettingsStore(h).getServerConfig())).toMatchObject({
      authMethod: "json",
    });
  });
});
