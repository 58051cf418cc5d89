import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { requireTools } from "../../test/archive-helpers.js";

/**
 * Archives made by the standard command-line tools (zip, tar with gzip/bzip2/xz, gzip, bzip2,
 * xz, lz4) extract through the API byte for byte.
 */
let t: TestContext;
let token: string;
let work: string;
const scope = () => path.join(t.root, "ada");
const TEXT = "\\Unit De centris\nΨαλτήριον, «varia» — 100% #1\n".repeat(200);

beforeEach(async () => {
  requireTools("zip", "tar", "gzip", "bzip2", "xz", "lz4");
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  work = path.join(t.dir, "work");
  await mkdir(path.join(work, "src", "liber 1"), { recursive: true });
  await writeFile(path.join(work, "src", "liber 1", "caput #1.tex"), TEXT);
  await writeFile(path.join(work, "src", "notae.txt"), "notae\n");
  await mkdir(path.join(scope(), "in"), { recursive: true });
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const sh = (cmd: string, args: string[], cwd = path.join(work, "src")) =>
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });

async function extract(name: string, folder: string) {
  const dest = encodeURIComponent(
    `/${folder}/${name}`.split("/").map(encodeURIComponent).join("/"),
  );
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/resources/in/${encodeURIComponent(name)}?action=unzip&destination=${dest}&override=false`,
    headers: { "x-auth": token },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const archives: [string, string[][]][] = [
  ["edition.zip", [["zip", "-qr", "../edition.zip", "."]]],
  ["edition.tar", [["tar", "-cf", "../edition.tar", "."]]],
  ["edition.tar.gz", [["tar", "-czf", "../edition.tar.gz", "."]]],
  ["edition.TGZ", [["tar", "-czf", "../edition.TGZ", "."]]],
  ["edition.tar.bz2", [["tar", "-cjf", "../edition.tar.bz2", "."]]],
  ["edition.tar.xz", [["tar", "-cJf", "../edition.tar.xz", "."]]],
  [
    "edition.tar.lz4",
    [
      ["tar", "-cf", "../edition.tar", "."],
      ["lz4", "-q", "../edition.tar", "../edition.tar.lz4"],
    ],
  ],
];

describe("archives made by the standard tools", () => {
  for (const [name, commands] of archives) {
    it(`extracts ${name} byte for byte`, async () => {
      for (const [cmd, ...args] of commands) sh(cmd!, args);
      await writeFile(path.join(scope(), "in", name), await readFile(path.join(work, name)));
      await extract(name, "out");
      const out = path.join(scope(), "out");
      expect(await readFile(path.join(out, "liber 1", "caput #1.tex"), "utf8")).toBe(TEXT);
      expect(await readFile(path.join(out, "notae.txt"), "utf8")).toBe("notae\n");
      expect((await readdir(out)).sort()).toEqual(["liber 1", "notae.txt"]);
    });
  }

  for (const [tool, ext] of [
    ["gzip", ".gz"],
    ["bzip2", ".bz2"],
    ["xz", ".xz"],
  ] as const) {
    it(`decompresses a bare ${ext} file made by ${tool}`, async () => {
      sh(tool, ["-k", "-f", "notae.txt"]);
      const name = `notae.txt${ext}`;
      await writeFile(path.join(scope(), "in", name), await readFile(path.join(work, "src", name)));
      await extract(name, "out");
      expect(await readFile(path.join(scope(), "out", "notae.txt"), "utf8")).toBe("notae\n");
    });
  }
});
