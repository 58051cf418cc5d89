import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "node:http";
import { pipeline } from "node:stream/promises";
import { UnsnappyStream } from "snappystream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listen } from "../../test/http.js";
import { requireTools, type Tool } from "../../test/archive-helpers.js";
import { readArchive, readZip } from "../../test/archive-read.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
let scope: string;
const BIG = randomBytes(3_000_000);
const ODD = "name with spaces #%,ü«».txt";

const perm = (download: boolean) => ({
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download,
  unzip: true,
});

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(true),
      hideDotfiles: true,
      rules: [{ allow: false, path: "/docs/secret", regex: false, regexp: { raw: "" } }],
    },
  });
  await t.createUser({
    username: "eve",
    password: "eve-password-12",
    fields: { scope: "/ada", perm: perm(false) },
  });
  scope = path.join(t.root, "ada");
  const docs = path.join(scope, "docs");
  await mkdir(path.join(docs, "ab"), { recursive: true });
  await mkdir(path.join(docs, "sub", "deep"), { recursive: true });
  await mkdir(path.join(docs, "secret"), { recursive: true });
  await mkdir(path.join(scope, "other"), { recursive: true });
  await writeFile(path.join(docs, "a.txt"), "alpha\n");
  await writeFile(path.join(docs, "ab", "b.txt"), "beta\n");
  await writeFile(path.join(docs, "sub", "deep", "c.txt"), "gamma\n");
  await writeFile(path.join(docs, "sub", "big.bin"), BIG);
  await writeFile(path.join(docs, "secret", "s.txt"), "hidden by a rule\n");
  await writeFile(path.join(docs, ".dotfile"), "hidden file\n");
  await writeFile(path.join(docs, ODD), "odd name\n");
  await writeFile(path.join(docs, "back\\slash.txt"), "backslash\n");
  await writeFile(path.join(scope, "other", "o.txt"), "other\n");
  await writeFile(path.join(scope, "top.txt"), "top\n");
  await symlink("../other", path.join(docs, "link-in"));
  await symlink("/etc", path.join(docs, "link-out"));
  await symlink("/etc/hostname", path.join(docs, "file-out"));
  await symlink("missing", path.join(docs, "broken"));
  await symlink("..", path.join(docs, "sub", "loop"));
  try {
    execFileSync("mkfifo", [path.join(docs, "pipe")]);
  } catch {
    // no mkfifo: the pipe case is simply not exercised
  }
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

/** The UI's encoding of a selection: each item encoded, then the whole list again. */
const files = (items: string[]) => encodeURIComponent(items.map(encodeURIComponent).join(","));
const get = (url: string, auth = token) =>
  t.app.inject({ method: "GET", url, headers: { "x-auth": auth } });

const EXPECTED_DOCS = {
  "a.txt": "alpha\n",
  "ab/b.txt": "beta\n",
  "sub/deep/c.txt": "gamma\n",
  [ODD]: "odd name\n",
  "back_slash.txt": "backslash\n",
  "link-in/o.txt": "other\n",
};

function expectDocs(contents: Map<string, Buffer | null>) {
  for (const [name, text] of Object.entries(EXPECTED_DOCS)) {
    expect(contents.get(name)?.toString(), name).toBe(text);
  }
  expect(contents.get("sub/big.bin")?.equals(BIG)).toBe(true);
  const names = [...contents.keys()];
  for (const name of names) {
    expect(name).not.toMatch(/^\/|(^|\/)\.\.(\/|$)|\\/);
    expect(name.startsWith("docs/")).toBe(false);
  }
  // Rules, hidden files, links out of scope, broken links, loops and pipes stay out.
  for (const bad of ["secret", ".dotfile", "link-out", "file-out", "broken", "sub/loop", "pipe"]) {
    expect(names.some((n) => n === bad || n.startsWith(bad + "/"))).toBe(false);
  }
}

describe("GET /api/raw{folder}: archives", () => {
  it("streams a folder as a zip of its contents, with the folder's name", async () => {
    const res = await get("/api/raw/docs");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; .*filename\*=utf-8''docs\.zip$/,
    );
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).toContain("script-src 'none'");
    expectDocs(await readZip(res.rawPayload));
  });

  for (const algo of ["zip", "tar", "targz", "tarbz2", "tarxz", "tarlz4", "tarsz"]) {
    it(`round-trips every file in ${algo}`, async () => {
      const res = await get(`/api/raw/docs?algo=${algo}`);
      expect(res.statusCode).toBe(200);
      const ext = algo === "zip" ? ".zip" : "." + algo.replace(/^tar/, "tar.").replace(/\.$/, "");
      expect(res.headers["content-disposition"]).toMatch(
        new RegExp(`docs${ext.replace(/\./g, "\\.")}$`),
      );
      expectDocs(await readArchive(res.rawPayload, algo));
    });
  }

  it("accepts algo=true and an empty algo as zip, refuses unknown formats with 400", async () => {
    for (const algo of ["true", ""]) {
      const res = await get(`/api/raw/docs?algo=${algo}`);
      expect(res.headers["content-type"]).toBe("application/zip");
    }
    const bad = await get("/api/raw/docs?algo=rar");
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toMatch(/format/);
  });

  it("names a selection after its common folder with a leading underscore", async () => {
    const res = await get(`/api/raw/docs?files=${files(["a.txt", "ab", ODD])}&algo=tar`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename\*=utf-8''_docs\.tar$/);
    const contents = await readArchive(res.rawPayload, "tar");
    expect([...contents.keys()].sort()).toEqual(["a.txt", "ab/", "ab/b.txt", ODD].sort());
  });

  it("compares common folders by whole components and keeps relative names", async () => {
    const res = await get(`/api/raw/?files=${files(["/docs/a.txt", "/docs/ab/b.txt"])}`);
    expect(res.headers["content-disposition"]).toMatch(/filename\*=utf-8''_docs\.zip$/);
    expect([...(await readZip(res.rawPayload)).keys()].sort()).toEqual(["a.txt", "ab/b.txt"]);
  });

  it("uses the scope folder's name for the root and for selections at the root", async () => {
    const whole = await get("/api/raw/?algo=targz");
    expect(whole.headers["content-disposition"]).toMatch(/filename\*=utf-8''ada\.tar\.gz$/);
    const all = await readArchive(whole.rawPayload, "targz");
    expect(all.get("top.txt")?.toString()).toBe("top\n");
    expect(all.get("docs/a.txt")?.toString()).toBe("alpha\n");
    const picked = await get(`/api/raw/?files=${files(["top.txt", "other"])}`);
    expect(picked.headers["content-disposition"]).toMatch(/filename\*=utf-8''_ada\.zip$/);
    expect([...(await readZip(picked.rawPayload)).keys()].sort()).toEqual([
      "other/",
      "other/o.txt",
      "top.txt",
    ]);
  });

  it("archives a single selected file under its own name", async () => {
    const res = await get(`/api/raw/docs?files=${files(["a.txt"])}`);
    expect(res.headers["content-disposition"]).toMatch(/filename\*=utf-8''a\.txt\.zip$/);
    expect([...(await readZip(res.rawPayload)).keys()]).toEqual(["a.txt"]);
  });

  it("keeps commas, plus signs and percent signs inside selected names", async () => {
    await writeFile(path.join(scope, "docs", "x+y, z%20.txt"), "plus\n");
    const res = await get(`/api/raw/docs?files=${files(["x+y, z%20.txt", "a.txt"])}`);
    expect(res.statusCode).toBe(200);
    const contents = await readZip(res.rawPayload);
    expect(contents.get("x+y, z%20.txt")?.toString()).toBe("plus\n");
  });

  it("checks every selected path before streaming: rules 403, hidden 403, missing 404", async () => {
    expect((await get(`/api/raw/docs?files=${files(["secret"])}`)).statusCode).toBe(403);
    expect((await get(`/api/raw/docs?files=${files([".dotfile"])}`)).statusCode).toBe(403);
    expect((await get(`/api/raw/docs?files=${files(["a.txt", "nope"])}`)).statusCode).toBe(404);
    expect((await get(`/api/raw/docs?files=${files(["link-out"])}`)).statusCode).toBe(403);
  });

  it("keeps traversal in selection entries inside the request path", async () => {
    for (const entry of ["../top.txt", "../../../etc/passwd", "..%2Ftop.txt", "/../top.txt"]) {
      const res = await get(`/api/raw/docs?files=${files([entry])}`);
      // Outside the request path nothing is reachable: missing (404) or a dot name (403).
      expect([403, 404], entry).toContain(res.statusCode);
    }
    const res = await get(`/api/raw/docs?files=${files(["sub/../a.txt"])}`);
    expect([...(await readZip(res.rawPayload)).keys()]).toEqual(["a.txt"]);
  });

  it("needs the download permission (403)", async () => {
    const eve = await t.login("eve", "eve-password-12");
    const res = await get("/api/raw/docs", eve);
    expect(res.statusCode).toBe(403);
  });

  it("answers HEAD with the archive headers and no body", async () => {
    const res = await t.app.inject({
      method: "HEAD",
      url: "/api/raw/docs?algo=tarxz",
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/x-xz");
    expect(res.body).toBe("");
  });

  it("stops cleanly when the client goes away mid-archive, and keeps serving", async () => {
    for (let i = 0; i < 4; i++) await writeFile(path.join(scope, "docs", `big${i}.bin`), BIG);
    const port = await listen(t.app);
    for (const algo of ["zip", "targz"]) {
      const first = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: `/api/raw/docs?algo=${algo}`,
            headers: { "x-auth": token },
          },
          (res) => {
            res.once("data", (chunk: Buffer) => {
              resolve(chunk.length);
              req.destroy();
            });
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(first).toBeGreaterThan(0);
    }
    const res = await get("/api/raw/docs?algo=tar");
    expect((await readArchive(res.rawPayload, "tar")).get("big3.bin")?.equals(BIG)).toBe(true);
  });

  it("does not hang on a symlink loop to the folder itself", async () => {
    await symlink(".", path.join(scope, "docs", "self"));
    const res = await get("/api/raw/docs?algo=tar");
    const names = [...(await readArchive(res.rawPayload, "tar")).keys()];
    expect(names.some((n) => n.startsWith("self/"))).toBe(false);
  });
});

/** Names the tools must list and extract exactly: spaces, `#`, `%`, commas, unicode. */
const ODD_DIR = "Ψαλτήριον #2, 100% «dir»";
const ODD_NESTED = "日本語 ✓ 🎉, é (NFD: e\u0301) #%20.txt";

describe("archives checked with the standard tools", () => {
  interface Check {
    /** Tools to have (each missing one fails the test, naming its Debian package). */
    needs: Tool[];
    /** Integrity tests, each run with the archive's path appended. */
    test: string[][];
    /** Lists the entry names, one a line, with the archive's path appended. */
    list: string[];
    /** Extracts, with the archive's path and the destination appended. */
    extract: (file: string, out: string) => string[];
    /** Decodes the download first (snappy framing has no Debian tool: a package decodes it). */
    decode?: (file: string, out: string) => Promise<void>;
  }
  const tarCheck = (flag: string, needs: Tool[], test: string[][] = []): Check => ({
    needs: ["tar", ...needs],
    test: [...test, ["tar", ...(flag ? [flag] : []), "-tf"]],
    list: ["tar", ...(flag ? [flag] : []), "-tf"],
    extract: (file, out) => ["tar", ...(flag ? [flag] : []), "-xf", file, "-C", out],
  });
  const checks: Record<string, Check> = {
    zip: {
      needs: ["unzip"],
      test: [["unzip", "-tq"]],
      list: ["unzip", "-Z1"],
      extract: (file, out) => ["unzip", "-o", "-q", file, "-d", out],
    },
    tar: tarCheck("", []),
    targz: tarCheck("-z", ["gzip"], [["gzip", "-t"]]),
    tarbz2: tarCheck("-j", ["bzip2"], [["bzip2", "-t"]]),
    tarxz: tarCheck("-J", ["xz"], [["xz", "-t"]]),
    tarlz4: tarCheck("--use-compress-program=lz4", ["lz4"], [["lz4", "-t"]]),
    tarsz: {
      ...tarCheck("", []),
      // snappystream's framed-stream decoder (Google's snappy), checking every frame's CRC.
      decode: (file, out) =>
        pipeline(createReadStream(file), new UnsnappyStream(true), createWriteStream(out)),
    },
  };

  for (const [algo, check] of Object.entries(checks)) {
    it(`${algo}: tested, listed and extracted byte for byte`, async () => {
      requireTools(...check.needs, "diff", "cmp");
      const oddDir = path.join(scope, "docs", ODD_DIR);
      await mkdir(oddDir);
      await writeFile(path.join(oddDir, ODD_NESTED), "nested odd name\n");
      const res = await get(`/api/raw/docs?algo=${algo}`);
      expect(res.statusCode).toBe(200);
      const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-archive-"));
      try {
        const download = path.join(dir, "archive");
        await writeFile(download, res.rawPayload);
        let file = download;
        if (check.decode) {
          file = path.join(dir, "archive.tar");
          await check.decode(download, file);
        }
        for (const command of check.test) execFileSync(command[0]!, [...command.slice(1), file]);
        const listed = execFileSync(check.list[0]!, [...check.list.slice(1), file])
          .toString("utf8")
          .split("\n")
          .filter(Boolean);
        for (const name of [ODD, `${ODD_DIR}/${ODD_NESTED}`, "sub/big.bin", "ab/b.txt"]) {
          expect(listed, name).toContain(name);
        }
        const out = path.join(dir, "out");
        await mkdir(out);
        const extract = check.extract(file, out);
        execFileSync(extract[0]!, extract.slice(1));
        const diff = (a: string, b: string) =>
          execFileSync("diff", ["-r", path.join(scope, "docs", a), path.join(out, b)]).toString();
        expect(diff("ab", "ab")).toBe("");
        expect(diff(ODD_DIR, ODD_DIR)).toBe("");
        expect(diff("sub/deep", "sub/deep")).toBe("");
        expect(
          execFileSync("cmp", [
            path.join(scope, "docs", "sub", "big.bin"),
            path.join(out, "sub", "big.bin"),
          ]).toString(),
        ).toBe("");
        expect(await readFile(path.join(out, ODD), "utf8")).toBe("odd name\n");
        expect(await readFile(path.join(out, ODD_DIR, ODD_NESTED), "utf8")).toBe(
          "nested odd name\n",
        );
        // What must stay out stays out of what the tools extract too.
        for (const bad of ["secret", ".dotfile", "link-out", "file-out", "broken", "pipe"]) {
          expect(
            listed.some((n) => n === bad || n.startsWith(bad + "/")),
            bad,
          ).toBe(false);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});
