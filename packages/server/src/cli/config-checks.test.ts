import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConfigExport } from "@scriptorium/shared";
import { main } from "./main.js";

let dir: string;
let db: string;

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(
    argv,
    {},
    { out: (text) => (stdout += text + "\n"), err: (text) => (stderr += text + "\n") },
  );
  return { code, stdout, stderr };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-config-checks-"));
  db = path.join(dir, "s.db");
  expect((await cli("config", "init", "-d", db)).code).toBe(0);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("scriptorium config set and import check values as the API does", () => {
  it("refuses what PUT /api/settings and /api/settings/server refuse, and changes nothing", async () => {
    const before = (await cli("config", "cat", "-d", db)).stdout;
    const cases: [string[], RegExp][] = [
      [["--branding.color", "url(x)"], /branding colour must be a CSS colour/],
      [["--branding.files", "relative/dir"], /branding folder must be an absolute path/],
      [["--userHomeBasePath", "/a/../b"], /must not contain "\.\."/],
      [["--tokenExpirationTime", "1m"], /between 5 minutes and 30 days/],
      [["--minimumPasswordLength", "4"], /minimumPasswordLength/],
      [["--locale", "xx"], /language code/],
      [["--auth.method", "proxy"], /auth\.header/],
      // Valid flags next to a refused one are not stored either.
      [["--signup", "--branding.color", "url(x)"], /branding colour/],
    ];
    for (const [flags, message] of cases) {
      const res = await cli("config", "set", "-d", db, ...flags);
      expect(res.code, flags.join(" ")).toBe(2);
      expect(res.stderr, flags.join(" ")).toMatch(message);
    }
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before);
  });

  it("stores values normalised as the API stores them", async () => {
    const res = await cli(
      "config",
      "set",
      "-d",
      db,
      "--userHomeBasePath",
      "homes//",
      "--branding.color",
      " #2979ff ",
      "--tokenExpirationTime",
      "90m",
    );
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      settings: { userHomeBasePath: "/homes", branding: { color: "#2979ff" } },
      server: { tokenExpirationTime: "90m" },
    });
  });

  it("config import refuses an invalid rule or locale and keeps the settings", async () => {
    const file = path.join(dir, "settings.json");
    expect((await cli("config", "export", file, "-d", db)).code).toBe(0);
    const good = JSON.parse(readFileSync(file, "utf8")) as ConfigExport;
    const before = (await cli("config", "cat", "-d", db)).stdout;
    const bad: [(c: ConfigExport) => void, RegExp][] = [
      [
        (c) => (c.settings.rules = [{ allow: false, path: "", regex: true, regexp: { raw: "[" } }]),
        /Rule 1: invalid regular expression/,
      ],
      [
        (c) =>
          (c.settings.rules = [{ allow: false, path: "x", regex: false, regexp: { raw: "" } }]),
        /starts with "\/"/,
      ],
      [(c) => (c.settings.defaults.locale = "xx"), /Unknown locale: xx/],
      [
        (c) => {
          c.settings.signup = true;
          c.server.tokenExpirationTime = "forever";
        },
        /token lifetime/,
      ],
    ];
    for (const [change, message] of bad) {
      const c = structuredClone(good);
      change(c);
      await writeFile(file, JSON.stringify(c));
      const res = await cli("config", "import", file, "-d", db);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before);
  });
});

describe("scriptorium config import and the tools' support folders (issue 30)", () => {
  it("imports an export from before them: the pipelines are added, the support folders kept", async () => {
    const file = path.join(dir, "settings.json");
    expect((await cli("config", "export", file, "-d", db)).code).toBe(0);
    const current = JSON.parse(readFileSync(file, "utf8")) as ConfigExport;
    current.settings.tools.supportFolders = ["/srv/maurolico/support/"];
    await writeFile(file, JSON.stringify(current));
    expect((await cli("config", "import", file, "-d", db)).code).toBe(0);
    const stored = JSON.parse((await cli("config", "cat", "-d", db)).stdout) as ConfigExport;
    expect(stored.settings.tools.supportFolders).toEqual(["/srv/maurolico/support"]);

    // An older export: no support folders, no pipelines.
    const old = structuredClone(current) as { settings: { tools: Record<string, unknown> } };
    delete old.settings.tools.supportFolders;
    old.settings.tools.tools = current.settings.tools.tools.filter(
      (t) => t.kind !== "pdf-pipeline",
    );
    await writeFile(file, JSON.stringify(old));
    const res = await cli("config", "import", file, "-d", db);
    expect(res.code, res.stderr).toBe(0);
    const after = JSON.parse((await cli("config", "cat", "-d", db)).stdout) as ConfigExport;
    expect(after.settings.tools.supportFolders).toEqual(["/srv/maurolico/support"]);
    expect(after.settings.tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["m2lv-pdf", "m2ledmac-pdf"]),
    );
  });

  it("refuses a support folder that is not an absolute path, and keeps the settings", async () => {
    const file = path.join(dir, "settings.json");
    expect((await cli("config", "export", file, "-d", db)).code).toBe(0);
    const c = JSON.parse(readFileSync(file, "utf8")) as ConfigExport;
    const before = (await cli("config", "cat", "-d", db)).stdout;
    c.settings.tools.supportFolders = ["support"];
    await writeFile(file, JSON.stringify(c));
    const res = await cli("config", "import", file, "-d", db);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/support folder must be an absolute path/);
    expect((await cli("config", "cat", "-d", db)).stdout).toBe(before);
  });
});
