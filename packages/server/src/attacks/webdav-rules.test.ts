import { lstat, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createUsersStore } from "../features/users/users.store.js";
import { LOCK_BODY, PROPFIND_ALL, proppatchBody } from "../test/dav-attack.js";
import { davWorld, type DavWorld } from "../test/dav-world.js";

/**
 * WebDAV (issue 32) and rules: a denied entry does not exist over WebDAV. ada's rules deny
 * `/books/hidden` (a folder holding h.txt) and every `.key` file; no method reads, lists,
 * writes, locks, marks, copies or moves it, and a move of its parent is refused whole. A user
 * with hideDotfiles never sees a dot file.
 */
const HIDDEN = "HIDDEN-by-a-rule";
let w: DavWorld;
afterEach(() => w.t.close());

async function world() {
  w = await davWorld({
    rules: [
      { allow: false, path: "/books/hidden", regex: false, regexp: { raw: "" } },
      { allow: false, path: "", regex: true, regexp: { raw: "\\.key$" } },
    ],
  });
  await mkdir(w.at("books", "hidden"), { recursive: true });
  await writeFile(w.at("books", "hidden", "h.txt"), HIDDEN);
  await writeFile(w.at("books", "sigil.key"), HIDDEN);
  return w;
}

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

/** Every name below a folder, recursively (a detector of what a request left behind). */
async function tree(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const info = await lstat(`${dir}/${name}`);
    out.push(`${prefix}${name}${info.isDirectory() ? "/" : ` ${info.size}`}`);
    if (info.isDirectory()) out.push(...(await tree(`${dir}/${name}`, `${prefix}${name}/`)));
  }
  return out;
}

describe("a denied entry over WebDAV", () => {
  it("is never listed by PROPFIND, in any spelling of its folder", async () => {
    await world();
    for (const url of [
      "/dav/books/",
      "/dav/books",
      "/dav//books/",
      "/dav/./books/",
      "/dav/BOOKS/",
    ]) {
      for (const depth of ["0", "1"]) {
        const res = await w.dav("PROPFIND", url, { headers: { depth }, body: PROPFIND_ALL });
        expect(res.body, url).not.toContain("hidden");
        expect(res.body, url).not.toContain("sigil");
        expect(res.body, url).not.toContain(HIDDEN);
      }
    }
    const listed = await w.dav("PROPFIND", "/dav/books/", { headers: { depth: "1" } });
    expect(listed.statusCode).toBe(207);
    expect(listed.body).toContain("/dav/books/a.txt");
  });

  it("GET, HEAD, PUT, PROPPATCH, LOCK, MKCOL, DELETE, COPY and MOVE on it are 404 and change nothing", async () => {
    await world();
    const before = await tree(w.scope);
    const urls = [
      "/dav/books/hidden",
      "/dav/books/hidden/",
      "/dav/books/hidden/h.txt",
      "/dav/books/%68idden/h.txt",
      "/dav/books//hidden/h.txt",
      "/dav/books/liber1/../hidden/h.txt",
      "/dav/books/sigil.key",
      "/dav/books/sigil%2ekey",
    ];
    for (const url of urls) {
      const calls: [string, { headers?: Record<string, string>; body?: string }][] = [
        ["GET", {}],
        ["HEAD", {}],
        ["PUT", { body: "overwritten" }],
        ["PROPPATCH", { body: proppatchBody("p") }],
        ["LOCK", { body: LOCK_BODY }],
        ["DELETE", {}],
        ["PROPFIND", { headers: { depth: "0" } }],
        ["COPY", { headers: { destination: "/dav/uncovered" } }],
        ["MOVE", { headers: { destination: "/dav/uncovered" } }],
      ];
      for (const [method, opts] of calls) {
        const res = await w.dav(method, url, opts);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, `${method} ${url}`).not.toContain(HIDDEN);
      }
    }
    expect((await w.dav("MKCOL", "/dav/books/hidden/sub")).statusCode).toBe(404);
    expect((await w.dav("PUT", "/dav/books/new.key", { body: "x" })).statusCode).toBe(404);
    // Into it as a destination.
    for (const method of ["COPY", "MOVE"]) {
      for (const destination of ["/dav/books/hidden/a.txt", "/dav/books/hidden", "/dav/x.key"]) {
        const res = await w.dav(method, "/dav/books/a.txt", { headers: { destination } });
        expect(res.statusCode, `${method} → ${destination}`).toBe(404);
      }
    }
    expect(await tree(w.scope)).toEqual(before);
    expect(await readFile(w.at("books", "hidden", "h.txt"), "utf8")).toBe(HIDDEN);
  });

  it("MOVE of a parent holding it is refused whole; COPY leaves it out", async () => {
    await world();
    const before = await tree(w.scope);
    const move = await w.dav("MOVE", "/dav/books", { headers: { destination: "/dav/moved" } });
    expect(move.statusCode).toBeGreaterThanOrEqual(400);
    expect(move.statusCode).toBeLessThan(500);
    expect(await tree(w.scope)).toEqual(before);
    // Over an existing destination too (nothing of the destination is lost either).
    await mkdir(w.at("target"));
    await writeFile(w.at("target", "keep.txt"), "keep");
    const over = await w.dav("MOVE", "/dav/books", {
      headers: { destination: "/dav/target", overwrite: "T" },
    });
    expect(over.statusCode).toBeGreaterThanOrEqual(400);
    expect(await readFile(w.at("target", "keep.txt"), "utf8")).toBe("keep");
    expect(await readFile(w.at("books", "hidden", "h.txt"), "utf8")).toBe(HIDDEN);

    const copy = await w.dav("COPY", "/dav/books", { headers: { destination: "/dav/copied" } });
    expect(copy.statusCode).toBe(201);
    expect(await readFile(w.at("copied", "a.txt"), "utf8")).toBe("alpha");
    expect(await exists(w.at("copied", "liber1", "cap1.tex"))).toBe(true);
    expect(await exists(w.at("copied", "hidden"))).toBe(false);
    expect(await exists(w.at("copied", "sigil.key"))).toBe(false);
    // The source still holds it.
    expect(await readFile(w.at("books", "hidden", "h.txt"), "utf8")).toBe(HIDDEN);
  });
});

describe("hidden files", () => {
  it("a user with hideDotfiles (API.md §2.1) never reads, lists, overwrites, locks or deletes a dot file", async () => {
    w = await davWorld();
    const users = createUsersStore(w.t.db);
    const record = (await users.findById(w.ada.id))!;
    await users.update({ ...record, hideDotfiles: true });
    await writeFile(w.at("books", ".secret"), HIDDEN);
    await mkdir(w.at(".config"));
    await writeFile(w.at(".config", "c.txt"), HIDDEN);
    const before = await tree(w.scope);
    for (const url of ["/dav/", "/dav/books/", "/dav/.config/"]) {
      const res = await w.dav("PROPFIND", url, { headers: { depth: "1" } });
      expect(res.body, url).not.toContain(".secret");
      expect(res.body, url).not.toContain(".config");
      expect(res.body, url).not.toContain(HIDDEN);
    }
    for (const url of ["/dav/books/.secret", "/dav/.config", "/dav/books/%2esecret"]) {
      for (const [method, body] of [
        ["GET", undefined],
        ["PUT", "overwritten"],
        ["PROPPATCH", proppatchBody("p")],
        ["LOCK", LOCK_BODY],
        ["DELETE", undefined],
      ] as const) {
        const res = await w.dav(method, url, body === undefined ? {} : { body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain(HIDDEN);
      }
      for (const method of ["COPY", "MOVE"]) {
        const res = await w.dav(method, url, { headers: { destination: "/dav/shown.txt" } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await tree(w.scope)).toEqual(before);
    // API.md §2.1: only the last name counts, so a child of a dot folder is served, as the API
    // serves it (the same answer over both).
    const token = await w.t.login("ada", "ada-password-12");
    const api = await w.t.app.inject({
      method: "GET",
      url: "/api/raw/.config/c.txt",
      headers: { "x-auth": token },
    });
    const dav = await w.dav("GET", "/dav/.config/c.txt");
    expect(dav.statusCode).toBe(api.statusCode);
  });
});
