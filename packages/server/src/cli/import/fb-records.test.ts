import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFbConfig, readFbShares, readFbUsers } from "./fb-records.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-fb-records-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes `value` as JSON to a file of the temporary folder and gives its path. */
async function file(name: string, value: unknown): Promise<string> {
  const at = path.join(dir, name);
  await writeFile(at, JSON.stringify(value));
  return at;
}

const bcrypt = "$2a$10$dUy9M5UhhNdPgWnDto0ZsucPZTQDsD4eP5hPb1PciiAtcBS1MfNQu";

describe("File Browser's exports read as Go reads them", () => {
  it("gives absent and null fields Go's zero values and lets unknown fields through", async () => {
    const users = await file("users.json", [
      { id: 7, username: "dora", password: bcrypt },
      {
        id: 8,
        username: "emil",
        password: bcrypt,
        perm: { create: true, unzip: null, fork: true },
        commands: null,
        rules: [{ allow: false, path: "/x", regex: false, regexp: null }, null],
        sorting: null,
        theme: "new in 2.99",
      },
    ]);
    const [dora, emil] = readFbUsers(users);
    expect(dora).toEqual({
      id: 7,
      username: "dora",
      password: bcrypt,
      lockPassword: false,
      rules: [],
      scope: "",
      locale: "",
      viewMode: "",
      singleClick: false,
      perm: {
        admin: false,
        execute: false,
        create: false,
        rename: false,
        modify: false,
        delete: false,
        share: false,
        download: false,
      },
      commands: [],
      sorting: { by: "", asc: false },
      hideDotfiles: false,
      dateFormat: false,
    });
    expect(emil?.perm).toMatchObject({ create: true, unzip: false, fork: true });
    expect(emil?.rules).toEqual([
      { allow: false, path: "/x", regex: false, regexp: { raw: "" } },
      { allow: false, path: "", regex: false, regexp: { raw: "" } },
    ]);
    expect(emil).toMatchObject({ commands: [], sorting: { by: "", asc: false } });
    expect(emil).toHaveProperty("theme", "new in 2.99");

    const config = readFbConfig(await file("config.json", { settings: {}, server: null }));
    expect(config.settings).toMatchObject({
      key: "",
      tus: { chunkSize: 0, retryCount: 0 },
      commands: {},
      rules: [],
      defaults: { perm: { admin: false }, sorting: { by: "", asc: false } },
    });
    expect(config.server).toEqual({
      enableThumbnails: false,
      resizePreview: false,
      enableExec: false,
      tokenExpirationTime: "",
    });
    expect(config.auther.recaptcha).toEqual({ host: "", key: "", secret: "" });

    const shares = readFbShares(await file("shares.json", [{ hash: "Ab3dE_9z", userID: 2 }]));
    expect(shares).toEqual([
      { hash: "Ab3dE_9z", path: "", userID: 2, expire: 0, password_hash: "", token: "" },
    ]);
  });

  it("names the file and the field of the first value of the wrong type", async () => {
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      [
        "a permission",
        async () => readFbUsers(await file("users.json", [{ id: 1, perm: { admin: "yes" } }])),
        /users\.json: \[0\]\.perm\.admin must be true or false$/,
      ],
      [
        "an unknown permission",
        async () => readFbUsers(await file("users.json", [{ id: 1, perm: { fork: 1 } }])),
        /users\.json: \[0\]\.perm\.fork must be true or false$/,
      ],
      [
        "a command",
        async () => readFbUsers(await file("users.json", [{ id: 1 }, { id: 2, commands: [1] }])),
        /users\.json: \[1\]\.commands\[0\] must be text$/,
      ],
      [
        "a rule's pattern",
        async () => readFbUsers(await file("users.json", [{ id: 1, rules: [{ regexp: "x" }] }])),
        /users\.json: \[0\]\.rules\[0\]\.regexp must be an object$/,
      ],
      [
        "no id",
        async () => readFbUsers(await file("users.json", [{ username: "x" }])),
        /users\.json: \[0\]\.id must be 1 or more$/,
      ],
      [
        "not a list",
        async () => readFbUsers(await file("users.json", { users: [] })),
        /users\.json is not File Browser's users export: it must be a list$/,
      ],
      [
        "the signing key",
        async () => readFbConfig(await file("c.json", { settings: { key: "not base64!" } })),
        /c\.json: settings\.key must be base64 text$/,
      ],
      [
        "a hook",
        async () =>
          readFbConfig(
            await file("c.json", { settings: { commands: { after_save: "x" } }, server: {} }),
          ),
        /c\.json: settings\.commands\.after_save must be a list$/,
      ],
      [
        "no settings",
        async () => readFbConfig(await file("c.json", { server: {} })),
        /c\.json has no "settings" or "server"/,
      ],
      [
        "a share's owner",
        async () => readFbShares(await file("s.json", [{}, { userID: "2" }])),
        /s\.json: \[1\]\.userID must be a whole number$/,
      ],
    ];
    for (const [name, read, message] of cases) {
      await expect(read(), name).rejects.toThrow(message);
    }
  });

  it("says how to export a database file, which is not JSON", async () => {
    const bolt = path.join(dir, "filebrowser.db");
    await writeFile(bolt, "bolt\u0000\u0000binary");
    expect(() => readFbUsers(bolt)).toThrow(/is not JSON .*filebrowser users export users\.json/);
  });
});
