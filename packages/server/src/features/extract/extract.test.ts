import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, readFile, readlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildRar5 } from "../../test/rar5.js";
import { compress, makeTar, makeZip, type TestEntry } from "../../test/archive-build.js";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import type { Compression } from "../archive/codecs/index.js";

let t: TestContext;
let token: string;
let scope: string;

const perm = (over: Record<string, boolean> = {}) => ({
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
  unzip: true,
  ...over,
});

beforeEach(async () => {
  t = await createTestApp({
    app: { extractLimits: { maxEntries: 40, maxBytes: 8 * 1024 * 1024, maxRatio: 100 } },
  });
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(),
      hideDotfiles: true,
      rules: [{ allow: false, path: "/out/private", regex: false, regexp: { raw: "" } }],
    },
  });
  await t.createUser({
    username: "eve",
    password: "eve-password-12",
    fields: { scope: "/ada", perm: perm({ unzip: false }) },
  });
  await t.createUser({
    username: "bob",
    password: "bob-password-12",
    fields: { scope: "/ada", perm: perm({ modify: false }) },
  });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "out"), { recursive: true });
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/** PATCH as the UI sends it: destination = <folder>/<archive name>, encoded twice. */
function unzip(archive: string, folder = "/out", opts: { override?: boolean; auth?: string } = {}) {
  const destination = encodeURIComponent(enc(`${folder}/${path.posix.basename(archive)}`));
  const override = opts.override ? "true" : "false";
  return t.app.inject({
    method: "PATCH",
    url: `/api/resources${enc(archive)}?action=unzip&destination=${destination}&override=${override}&rename=false&unzip=true`,
    headers: { "x-auth": opts.auth ?? token },
  });
}

async function put(name: string, data: Buffer): Promise<string> {
  await writeFile(path.join(scope, name), data);
  return "/" + name;
}

/** Every path under a folder with a hash of its content (or its link target), hidden ones too. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir, { recursive: true })).sort()) {
    const p = path.join(dir, name);
    const info = await lstat(p);
    out[name] = info.isSymbolicLink()
      ? `-> ${await readlink(p)}`
      : info.isDirectory()
        ? "dir"
        : createHash("sha1")
            .update(await readFile(p))
            .digest("hex");
  }
  return out;
}

const out = (...parts: string[]) => path.join(scope, "out", ...parts);
const text = (...parts: string[]) => readFile(out(...parts), "utf8");

const SAMPLE: TestEntry[] = [
  { name: "book/", dir: true },
  { name: "book/chapter 1.tex", data: "\\section{Proemium}\n" },
  { name: "book/figures/plate #1, «ü».txt", data: "plate\n" },
  { name: "readme.txt", data: "read me\n" },
];

async function expectSample() {
  expect(await text("book", "chapter 1.tex")).toBe("\\section{Proemium}\n");
  expect(await text("book", "figures", "plate #1, «ü».txt")).toBe("plate\n");
  expect(await text("readme.txt")).toBe("read me\n");
  expect((await readdir(out())).filter((n) => n.includes("scriptorium-tmp"))).toEqual([]);
}

const TAR_KINDS: [string, Compression | undefined][] = [
  ["sample.tar", undefined],
  ["sample.tar.gz", "gz"],
  ["sample.TGZ", "gz"],
  ["sample.tar.bz2", "bz2"],
  ["sample.tbz2", "bz2"],
  ["sample.Tar.Xz", "xz"],
  ["sample.txz", "xz"],
  ["sample.tar.lz4", "lz4"],
  ["sample.tar.sz", "sz"],
  ["sample.tar.br", "br"],
  ["sample.tar.zst", "zst"],
];

describe("PATCH ?action=unzip: formats", () => {
  it("extracts a zip into the parent folder of the destination", async () => {
    const src = await put("sample.ZIP", await makeZip(SAMPLE));
    const res = await unzip(src);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("200 OK");
    await expectSample();
    expect(await readdir(path.join(scope, "out"))).not.toContain("sample.ZIP");
  });

  for (const [name, compression] of TAR_KINDS) {
    it(`extracts ${name}`, async () => {
      const src = await put(name, await makeTar(SAMPLE, compression));
      const res = await unzip(src);
      expect(res.statusCode, res.body).toBe(200);
      await expectSample();
    });
  }

  it("extracts a rar", async () => {
    const rar = buildRar5(
      SAMPLE.map((e) => ({
        name: e.name.replace(/\/$/, ""),
        dir: e.dir,
        data: e.data ? Buffer.from(e.data) : undefined,
      })),
    );
    const src = await put("sample.Rar", rar);
    const res = await unzip(src);
    expect(res.statusCode, res.body).toBe(200);
    await expectSample();
  });

  for (const [name, compression] of [
    ["notes.txt.gz", "gz"],
    ["notes.txt.BZ2", "bz2"],
    ["notes.txt.xz", "xz"],
    ["notes.txt.br", "br"],
  ] as const) {
    it(`decompresses a bare ${name} to the name without its extension`, async () => {
      const src = await put(name, await compress(Buffer.from("single file\n"), compression));
      expect((await unzip(src)).statusCode).toBe(200);
      expect(await text("notes.txt")).toBe("single file\n");
    });
  }

  it("refuses other extensions with 400", async () => {
    for (const name of ["notes.txt", "x.7z", "x.lz4", "x.tar.7z"]) {
      const src = await put(name, Buffer.from("not an archive"));
      const res = await unzip(src);
      expect(res.statusCode, name).toBe(400);
    }
    expect(await readdir(out())).toEqual([]);
  });

  it("does not recreate links from rar archives", async () => {
    const rar = buildRar5([
      { name: "etc", symlink: "/etc" },
      { name: "ok.txt", data: Buffer.from("ok\n") },
    ]);
    const src = await put("links.rar", rar);
    expect((await unzip(src)).statusCode).toBe(200);
    expect(await readdir(out())).toEqual(["ok.txt"]);
  });

  it("recreates links that stay inside the archive", async () => {
    const src = await put(
      "links.tar",
      await makeTar([
        { name: "a/b.txt", data: "bee\n" },
        { name: "a/to-b", symlink: "b.txt" },
        { name: "c.txt", hardlink: "a/b.txt" },
      ]),
    );
    expect((await unzip(src)).statusCode).toBe(200);
    expect(await readlink(out("a", "to-b"))).toBe("b.txt");
    expect(await text("c.txt")).toBe("bee\n");
  });
});

describe("PATCH ?action=unzip: conflicts and permissions", () => {
  it("detects a conflict before writing anything (409)", async () => {
    await mkdir(out("book"));
    await writeFile(out("book", "chapter 1.tex"), "mine\n");
    const before = await snapshot(out());
    const src = await put("sample.zip", await makeZip(SAMPLE));
    const res = await unzip(src);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe("ALREADY_EXISTS");
    expect(await snapshot(out())).toEqual(before);
    const tarSrc = await put("sample.tar.gz", await makeTar(SAMPLE, "gz"));
    expect((await unzip(tarSrc)).statusCode).toBe(409);
    expect(await snapshot(out())).toEqual(before);
  });

  it("overrides with override=true: files replaced, folders merged", async () => {
    await mkdir(out("book"));
    await writeFile(out("book", "chapter 1.tex"), "mine\n");
    await writeFile(out("book", "keep.txt"), "kept\n");
    const src = await put("sample.tar.xz", await makeTar(SAMPLE, "xz"));
    expect((await unzip(src, "/out", { override: true })).statusCode).toBe(200);
    await expectSample();
    expect(await text("book", "keep.txt")).toBe("kept\n");
  });

  it("needs the unzip permission, and modify to override (403)", async () => {
    const src = await put("sample.zip", await makeZip(SAMPLE));
    const eve = await t.login("eve", "eve-password-12");
    expect((await unzip(src, "/out", { auth: eve })).statusCode).toBe(403);
    const bob = await t.login("bob", "bob-password-12");
    expect((await unzip(src, "/out", { auth: bob, override: true })).statusCode).toBe(403);
    expect(await readdir(out())).toEqual([]);
    expect((await unzip(src, "/out", { auth: bob })).statusCode).toBe(200);
  });

  it("leaves out entries the rules or hidden files deny in the destination", async () => {
    const src = await put(
      "mixed.zip",
      await makeZip([
        { name: "private/secret.txt", data: "no\n" },
        { name: ".git/config", data: "no\n" },
        { name: "ok.txt", data: "yes\n" },
      ]),
    );
    expect((await unzip(src)).statusCode).toBe(200);
    expect((await readdir(out())).sort()).toEqual(["ok.txt"]);
  });

  it("creates a missing destination folder, and removes it again when extraction fails", async () => {
    const src = await put("sample.zip", await makeZip(SAMPLE));
    expect((await unzip(src, "/new/deeper")).statusCode).toBe(200);
    expect(await readdir(path.join(scope, "new", "deeper"))).toContain("readme.txt");
    const bad = await put("bad.tar", await makeTar([{ name: "../x", data: "x" }]));
    expect((await unzip(bad, "/fresh/deeper")).statusCode).toBe(400);
    expect(await readdir(scope)).not.toContain("fresh");
  });

  it("keeps a destination that climbs above the root inside the scope", async () => {
    const src = await put("sample.zip", await makeZip(SAMPLE));
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/resources${src}?action=unzip&destination=${encodeURIComponent("/../../x/sample.zip")}`,
      headers: { "x-auth": token },
    });
    expect(res.statusCode).toBe(200); // normalised to /x inside the scope
    expect(await readdir(path.join(scope, "x"))).toContain("readme.txt");
  });
});

describe("PATCH ?action=unzip: unsafe archives are refused with nothing left behind", () => {
  const big = Buffer.alloc(4 * 1024 * 1024, 0);
  const attacks: [string, () => Promise<Buffer>, RegExp][] = [
    [
      "zip-slip.zip",
      () =>
        makeZip([
          { name: "ok.txt", data: "x" },
          { name: "../evil.txt", data: "x" },
        ]),
      /\.\./,
    ],
    [
      "absolute.zip",
      () => makeZip([{ name: "/abs/evil.txt", data: "x" }]),
      /absolute|invalid|damaged/,
    ],
    [
      "backslash.zip",
      () => makeZip([{ name: "a\\..\\b.txt", data: "x" }]),
      /backslash|invalid|damaged/,
    ],
    ["link-out.zip", () => makeZip([{ name: "etc", symlink: "/etc" }]), /outside/],
    ["zip-bomb.zip", () => makeZip([{ name: "zeros.bin", data: big }]), /ratio/],
    [
      "zip-slip.tar",
      () =>
        makeTar([
          { name: "ok.txt", data: "x" },
          { name: "../evil.txt", data: "x" },
        ]),
      /\.\./,
    ],
    ["absolute.tar", () => makeTar([{ name: "/tmp/evil.txt", data: "x" }]), /absolute/],
    ["backslash.tar", () => makeTar([{ name: "a\\..\\..\\b.txt", data: "x" }]), /backslash/],
    ["drive.tar", () => makeTar([{ name: "C:/evil.txt", data: "x" }]), /drive/],
    ["link-out.tar", () => makeTar([{ name: "etc", symlink: "/etc" }]), /outside/],
    ["link-up.tar", () => makeTar([{ name: "a/up", symlink: "../../.." }]), /outside/],
    [
      "through-link.tar",
      () =>
        makeTar([
          { name: "sub/", dir: true },
          { name: "link", symlink: "sub" },
          { name: "link/file.txt", data: "x" },
        ]),
      /link/,
    ],
    [
      "hardlink-out.tar",
      () => makeTar([{ name: "passwd", hardlink: "/etc/passwd" }]),
      /absolute|hard link/,
    ],
    ["hardlink-up.tar", () => makeTar([{ name: "x", hardlink: "../outside.txt" }]), /\.\./],
    [
      "duplicate.tar",
      () =>
        makeTar([
          { name: "a.txt", data: "1" },
          { name: "a.txt", data: "2" },
        ]),
      /twice/,
    ],
    [
      "too-many.tar.gz",
      () =>
        makeTar(
          Array.from({ length: 50 }, (_, i) => ({ name: `f${i}.txt`, data: "x" })),
          "gz",
        ),
      /entries/,
    ],
    ["bomb.tar.gz", () => makeTar([{ name: "zeros.bin", data: big }], "gz"), /ratio/],
    [
      "too-big.tar",
      () =>
        makeTar([
          { name: "a.bin", data: big },
          { name: "b.bin", data: big },
          { name: "c.bin", data: big },
        ]),
      /bytes/,
    ],
    ["truncated.tar.gz", async () => (await makeTar(SAMPLE, "gz")).subarray(0, 60), /damaged/],
    [
      "corrupt.zip",
      () => Promise.resolve(Buffer.from("PK\u0003\u0004 this is not a zip")),
      /damaged/,
    ],
    ["garbage.tar.xz", () => Promise.resolve(Buffer.from("not xz at all")), /damaged/],
    [
      "rar-slip.rar",
      () =>
        Promise.resolve(
          buildRar5([
            { name: "ok.txt", data: Buffer.from("x") },
            { name: "../evil.txt", data: Buffer.from("x") },
          ]),
        ),
      /\.\.|damaged/,
    ],
  ];

  for (const [name, build, message] of attacks) {
    it(name, async () => {
      await writeFile(path.join(scope, "outside.txt"), "outside\n");
      const src = await put(name, await build());
      const before = await snapshot(scope);
      const res = await unzip(src);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).message).toMatch(message);
      expect(await snapshot(scope)).toEqual(before);
      expect(await readFile(path.join(scope, "outside.txt"), "utf8")).toBe("outside\n");
    });
  }
});
