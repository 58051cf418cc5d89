import { lstat, readFile, readdir, symlink } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { davWorld, type DavWorld } from "../../test/dav-world.js";

let w: DavWorld;
afterEach(() => w.t.close());

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

const PROPFIND_ALL = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';

describe("WebDAV at /dav/", () => {
  it("OPTIONS says class 1 and 2 and what Windows looks for", async () => {
    w = await davWorld();
    const res = await w.dav("OPTIONS", "/dav/");
    expect(res.statusCode).toBe(200);
    expect(res.headers.dav).toBe("1, 2");
    expect(res.headers["ms-author-via"]).toBe("DAV");
    expect(String(res.headers.allow)).toContain("PROPFIND");
  });

  it("asks for Basic credentials, and refuses wrong ones", async () => {
    w = await davWorld();
    const none = await w.dav("PROPFIND", "/dav/", { auth: "", headers: { depth: "0" } });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    const wrong = await w.dav("PROPFIND", "/dav/", {
      auth: `Basic ${Buffer.from("ada:nope").toString("base64")}`,
      headers: { depth: "0" },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("PROPFIND Depth 1 lists the scope's entries with live properties", async () => {
    w = await davWorld();
    const res = await w.dav("PROPFIND", "/dav/books/", {
      headers: { depth: "1" },
      body: PROPFIND_ALL,
    });
    expect(res.statusCode).toBe(207);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    expect(res.body).toContain("<D:href>/dav/books/</D:href>");
    expect(res.body).toContain("<D:href>/dav/books/a.txt</D:href>");
    expect(res.body).toContain("<D:href>/dav/books/liber1/</D:href>");
    expect(res.body).toContain("<D:getcontentlength>5</D:getcontentlength>");
    expect(res.body).toContain("<D:collection/>");
    expect(res.body).toMatch(/<D:getetag>"[0-9a-f]+"<\/D:getetag>/);
  });

  it("PROPFIND with no body is allprop, and Depth infinity is refused as Apache does", async () => {
    w = await davWorld();
    const res = await w.dav("PROPFIND", "/dav/books/a.txt", { headers: { depth: "0" } });
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain("getlastmodified");
    const inf = await w.dav("PROPFIND", "/dav/", { headers: { depth: "infinity" } });
    expect(inf.statusCode).toBe(403);
    expect(inf.body).toContain("<D:propfind-finite-depth/>");
  });

  it("allprop answers the same live properties as naming each of them", async () => {
    w = await davWorld();
    const names = [
      "creationdate",
      "displayname",
      "getcontentlength",
      "getcontenttype",
      "getetag",
      "getlastmodified",
      "lockdiscovery",
      "resourcetype",
      "supportedlock",
    ];
    const named =
      '<D:propfind xmlns:D="DAV:"><D:prop>' +
      names.map((n) => `<D:${n}/>`).join("") +
      "</D:prop></D:propfind>";
    for (const url of ["/dav/books/a.txt", "/dav/books/"]) {
      const all = await w.dav("PROPFIND", url, { headers: { depth: "0" }, body: PROPFIND_ALL });
      const one = await w.dav("PROPFIND", url, { headers: { depth: "0" }, body: named });
      const found = (body: string) => body.split("<D:propstat>")[1]!.replace(/<D:status>.*$/, "");
      expect(found(all.body)).toBe(found(one.body));
    }
  });

  it("PUT writes a new file (201) and replaces one (204) keeping a version; GET reads it with Range", async () => {
    w = await davWorld();
    const created = await w.dav("PUT", "/dav/books/nova.tex", { body: "\\Unit nova" });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(await readFile(w.at("books", "nova.tex"), "utf8")).toBe("\\Unit nova");
    const replaced = await w.dav("PUT", "/dav/books/nova.tex", { body: "\\Unit altera" });
    expect(replaced.statusCode).toBe(204);
    const range = await w.dav("GET", "/dav/books/nova.tex", { headers: { range: "bytes=6-" } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe("altera");
    const token = await w.t.login("ada", "ada-password-12");
    const history = await w.t.app.inject({
      method: "GET",
      url: "/api/history/books/nova.tex",
      headers: { "x-auth": token },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<unknown[]>().length).toBeGreaterThanOrEqual(1);
  });

  it("PUT without a parent folder is 409, onto a folder 405; If-None-Match: * refuses an existing file", async () => {
    w = await davWorld();
    expect((await w.dav("PUT", "/dav/none/x.txt", { body: "x" })).statusCode).toBe(409);
    expect((await w.dav("PUT", "/dav/books", { body: "x" })).statusCode).toBe(405);
    const res = await w.dav("PUT", "/dav/books/a.txt", {
      body: "x",
      headers: { "if-none-match": "*" },
    });
    expect(res.statusCode).toBe(412);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("alpha");
  });

  it("MKCOL makes one folder; 405 when taken, 409 without a parent, 415 with a body", async () => {
    w = await davWorld();
    expect((await w.dav("MKCOL", "/dav/books/liber2")).statusCode).toBe(201);
    expect((await lstat(w.at("books", "liber2"))).isDirectory()).toBe(true);
    expect((await w.dav("MKCOL", "/dav/books/liber2")).statusCode).toBe(405);
    expect((await w.dav("MKCOL", "/dav/a/b/c")).statusCode).toBe(409);
    expect((await w.dav("MKCOL", "/dav/books/x", { body: "<x/>" })).statusCode).toBe(415);
  });

  it("DELETE sends to the trash", async () => {
    w = await davWorld();
    expect((await w.dav("DELETE", "/dav/books/liber1")).statusCode).toBe(204);
    expect(await exists(w.at("books", "liber1"))).toBe(false);
    const token = await w.t.login("ada", "ada-password-12");
    const trash = await w.t.app.inject({
      method: "GET",
      url: "/api/trash",
      headers: { "x-auth": token },
    });
    expect(trash.json<{ path: string }[]>().map((i) => i.path)).toEqual(["/books/liber1"]);
  });

  it("COPY and MOVE with Destination, Overwrite and Depth", async () => {
    w = await davWorld();
    const copy = await w.dav("COPY", "/dav/books/a.txt", {
      headers: { destination: "http://localhost/dav/books/b.txt" },
    });
    expect(copy.statusCode).toBe(201);
    expect(await readFile(w.at("books", "b.txt"), "utf8")).toBe("alpha");
    const refused = await w.dav("COPY", "/dav/books/a.txt", {
      headers: { destination: "/dav/books/b.txt", overwrite: "F" },
    });
    expect(refused.statusCode).toBe(412);
    const move = await w.dav("MOVE", "/dav/books/liber1", {
      headers: { destination: "/dav/liber%20uno" },
    });
    expect(move.statusCode).toBe(201);
    expect(await readdir(w.at("liber uno"))).toEqual(["cap1.tex"]);
    const shallow = await w.dav("COPY", "/dav/liber%20uno", {
      headers: { destination: "/dav/vacua", depth: "0" },
    });
    expect(shallow.statusCode).toBe(201);
    expect(await readdir(w.at("vacua"))).toEqual([]);
    const elsewhere = await w.dav("COPY", "/dav/books/a.txt", {
      headers: { destination: "/api/raw/x.txt" },
    });
    expect(elsewhere.statusCode).toBe(502);
  });

  it("PROPPATCH keeps dead properties, which follow a MOVE; live ones are protected", async () => {
    w = await davWorld();
    const set = await w.dav("PROPPATCH", "/dav/books/a.txt", {
      body:
        '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="http://example.com/ns">' +
        "<D:set><D:prop><Z:witness>A <Z:b>bold</Z:b></Z:witness></D:prop></D:set></D:propertyupdate>",
    });
    expect(set.statusCode).toBe(207);
    expect(set.body).toContain("HTTP/1.1 200 OK");
    await w.dav("MOVE", "/dav/books/a.txt", { headers: { destination: "/dav/books/c.txt" } });
    const got = await w.dav("PROPFIND", "/dav/books/c.txt", {
      headers: { depth: "0" },
      body: '<D:propfind xmlns:D="DAV:"><D:prop><Z:witness xmlns:Z="http://example.com/ns"/></D:prop></D:propfind>',
    });
    expect(got.body).toMatch(/witness[^>]*>A <[^>]*b[^>]*>bold</);
    const live = await w.dav("PROPPATCH", "/dav/books/c.txt", {
      body:
        '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag>' +
        '<Z:a xmlns:Z="urn:z">1</Z:a></D:prop></D:set></D:propertyupdate>',
    });
    expect(live.body).toContain("HTTP/1.1 403");
    expect(live.body).toContain("HTTP/1.1 424");
  });

  it("LOCK gives a token that a PUT must carry; UNLOCK ends it", async () => {
    w = await davWorld();
    const lockBody =
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
      "<D:locktype><D:write/></D:locktype><D:owner>ada</D:owner></D:lockinfo>";
    const locked = await w.dav("LOCK", "/dav/books/a.txt", { body: lockBody });
    expect(locked.statusCode).toBe(200);
    const token = String(locked.headers["lock-token"]).replace(/[<>]/g, "");
    expect(locked.body).toContain(token);
    expect((await w.dav("PUT", "/dav/books/a.txt", { body: "x" })).statusCode).toBe(423);
    const withToken = await w.dav("PUT", "/dav/books/a.txt", {
      body: "beta",
      headers: { if: `(<${token}>)` },
    });
    expect(withToken.statusCode).toBe(204);
    expect((await w.dav("LOCK", "/dav/books/a.txt", { body: lockBody })).statusCode).toBe(423);
    const unlocked = await w.dav("UNLOCK", "/dav/books/a.txt", {
      headers: { "lock-token": `<${token}>` },
    });
    expect(unlocked.statusCode).toBe(204);
    expect((await w.dav("PUT", "/dav/books/a.txt", { body: "gamma" })).statusCode).toBe(204);
  });

  it("a LOCK on an unmapped URL makes an empty file (201)", async () => {
    w = await davWorld();
    const res = await w.dav("LOCK", "/dav/books/new.txt", {
      body:
        '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope>' +
        "<D:locktype><D:write/></D:locktype></D:lockinfo>",
    });
    expect(res.statusCode).toBe(201);
    expect(await readFile(w.at("books", "new.txt"), "utf8")).toBe("");
  });

  it("a denied entry does not exist, a link out of the scope is not followed", async () => {
    w = await davWorld({
      rules: [{ allow: false, path: "/books/liber1", regex: false, regexp: { raw: "" } }],
    });
    await symlink("/etc", w.at("etc-link"));
    const list = await w.dav("PROPFIND", "/dav/", { headers: { depth: "1" } });
    expect(list.body).not.toContain("liber1");
    expect(list.body).not.toContain("etc-link");
    expect((await w.dav("GET", "/dav/books/liber1/cap1.tex")).statusCode).toBe(404);
    expect((await w.dav("GET", "/dav/etc-link/passwd")).statusCode).toBe(403);
    const move = await w.dav("MOVE", "/dav/books", { headers: { destination: "/dav/libri" } });
    expect(move.statusCode).toBe(404);
    expect(await exists(w.at("books", "liber1", "cap1.tex"))).toBe(true);
  });

  it("below a base URL: hrefs and destinations carry it", async () => {
    w = await davWorld({ baseURL: "/sub" });
    const list = await w.dav("PROPFIND", "/sub/dav/books/", { headers: { depth: "1" } });
    expect(list.statusCode).toBe(207);
    expect(list.body).toContain("<D:href>/sub/dav/books/a.txt</D:href>");
    const copy = await w.dav("COPY", "/sub/dav/books/a.txt", {
      headers: { destination: "https://example.org/sub/dav/books/z%C3%A0.txt" },
    });
    expect(copy.statusCode).toBe(201);
    expect(await readFile(w.at("books", "zà.txt"), "utf8")).toBe("alpha");
    const outside = await w.dav("COPY", "/sub/dav/books/a.txt", {
      headers: { destination: "/dav/books/y.txt" },
    });
    expect(outside.statusCode).toBe(502);
    expect(await exists(w.at("books", "y.txt"))).toBe(false);
  });

  it("each method needs its permission", async () => {
    w = await davWorld({ perm: { create: false, delete: false, download: false } });
    expect((await w.dav("PUT", "/dav/books/n.txt", { body: "x" })).statusCode).toBe(403);
    expect((await w.dav("MKCOL", "/dav/books/n")).statusCode).toBe(403);
    expect((await w.dav("DELETE", "/dav/books/a.txt")).statusCode).toBe(403);
    expect((await w.dav("GET", "/dav/books/a.txt")).statusCode).toBe(403);
    expect((await w.dav("PUT", "/dav/books/a.txt", { body: "modified" })).statusCode).toBe(204);
    expect(await exists(w.at("books", "n.txt"))).toBe(false);
    expect(await exists(w.at("books", "n"))).toBe(false);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("modified");
  });
});
