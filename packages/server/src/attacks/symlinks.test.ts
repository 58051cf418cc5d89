import { mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTar, makeZip } from "../test/archive-build.js";
import {
  expectNoLeak,
  expectSafe,
  jsonOf,
  outsideAda,
  patchUrl,
  SECRET,
  snapshot,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * Symlinks (File Browser advisories on links out of the scope; API.md Part A §1, §16): links
 * leaving the scope, chains, loops, links into another scope or into rule-denied folders, made
 * on disk or by an extracted archive. No route follows them out; no answer is a 5xx.
 */
let target: Target;
let before: string[];

beforeAll(async () => {
  target = await startTarget();
  const { ada } = target;
  const root = target.t.root;
  await symlink(path.join(root, "secret", "secret.txt"), path.join(ada, "abs-file"));
  await symlink("../secret/secret.txt", path.join(ada, "rel-file"));
  await symlink("chain2", path.join(ada, "chain1"));
  await symlink("../secret", path.join(ada, "chain2"));
  await symlink("/", path.join(ada, "slash"));
  await symlink("../eve", path.join(ada, "to-eve"));
  await symlink("loop2", path.join(ada, "loop1"));
  await symlink("loop1", path.join(ada, "loop2"));
  await symlink("private/denied.txt", path.join(ada, "alias"));
  await symlink("private", path.join(ada, "private-dir"));
  await mkdir(path.join(ada, "linkdir"));
  await writeFile(path.join(ada, "linkdir", "own.txt"), "own");
  await symlink(path.join(root, "secret"), path.join(ada, "linkdir", "out"));
  await symlink(path.join(root, "secret", "secret.txt"), path.join(ada, "linkdir", "out.txt"));
  await mkdir(path.join(ada, "dangling"));
  await writeFile(path.join(ada, "dangling", "own.txt"), "own");
  await symlink("nowhere", path.join(ada, "dangling", "broken"));
  await mkdir(path.join(ada, "out"));
  before = await outsideAda(target);
});
afterAll(() => target.close());

const OUT = [
  ["an absolute link to a file outside", "/abs-file"],
  ["a relative link to a file outside", "/rel-file"],
  ["a chain of links out", "/chain1/secret.txt"],
  ["a link to /", "/slash" + "/etc/hostname"],
  ["a link into another user's scope", "/to-eve/eve.txt"],
  ["a link in a subfolder", "/linkdir/out.txt"],
  ["a folder link in a subfolder", "/linkdir/out/secret.txt"],
] as const;

const ROUTES = ["/api/resources", "/api/raw", "/api/subtitle", "/api/usage", "/api/tus"];

describe("links out of the scope are never followed", () => {
  for (const [name, p] of OUT) {
    for (const route of ROUTES) {
      it(`${route} — ${name}`, async () => {
        const method = route === "/api/tus" ? "HEAD" : "GET";
        const res = await target.as("ada", route + p, { method });
        expectNoLeak(target, res, route + p);
        expect([403, 404]).toContain(res.status);
      });
    }
    it(`/api/raw-inline — ${name}`, async () => {
      const res = await target.as("ada", "/api/raw-inline" + p);
      expectNoLeak(target, res, p);
      expect(res.headers.location).toBeUndefined();
    });
  }

  it("a listing shows a link out as invalid_link, without its target's data", async () => {
    const res = await target.as("ada", "/api/resources/");
    expectNoLeak(target, res, "listing");
    const items = jsonOf<{ items: { name: string; type: string }[] }>(res).items;
    const byName = new Map(items.map((i) => [i.name, i.type]));
    for (const name of ["abs-file", "rel-file", "chain1", "slash", "to-eve", "escape"]) {
      expect(byName.get(name), name).toBe("invalid_link");
    }
  });

  it("a link loop is a 4xx, never a 5xx", async () => {
    for (const route of [...ROUTES, "/api/raw-inline", "/api/preview/thumb"]) {
      const res = await target.as("ada", `${route}/loop1`, {
        method: route === "/api/tus" ? "HEAD" : "GET",
      });
      expectSafe(target, res, route);
      expect(res.status, route).toBeGreaterThanOrEqual(400);
    }
  });

  it("an archive download of a folder holding links out leaves them out", async () => {
    const res = await target.as("ada", "/api/raw/linkdir?algo=tar");
    expectNoLeak(target, res, "linkdir.tar");
    expect(res.status).toBe(200);
    expect(res.body.toString("latin1")).toContain("own.txt");
  });

  it("writing through a link out never reaches its target", async () => {
    for (const [method, url] of [
      ["PUT", "/api/resources/abs-file"],
      ["POST", "/api/resources/abs-file?override=true"],
      ["POST", "/api/resources/linkdir/out/planted.txt"],
      ["POST", "/api/tus/abs-file?override=true"],
      ["POST", "/api/tus/chain1/planted.txt"],
    ] as const) {
      const res = await target.as("ada", url, { method, body: "overwritten", headers: {} });
      expectSafe(target, res, url);
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await readFile(path.join(target.t.root, "secret", "secret.txt"), "utf8")).toBe(SECRET);
    expect(await outsideAda(target)).toEqual(before);
  });

  it("deleting a link out removes the link, never its target", async () => {
    await symlink(path.join(target.t.root, "secret"), path.join(target.ada, "doomed"));
    const res = await target.as("ada", "/api/resources/doomed", { method: "DELETE" });
    expectSafe(target, res, "delete");
    expect([200, 204]).toContain(res.status);
    expect(await readdir(target.ada)).not.toContain("doomed");
    expect(await readdir(path.join(target.t.root, "secret"))).toContain("secret.txt");
  });

  it("copying a folder holding links out copies no outside byte", async () => {
    const res = await target.as("ada", patchUrl("/linkdir", "copy", "/linkdir-copy"), {
      method: "PATCH",
    });
    expectSafe(target, res, "copy");
    const copied = await readdir(path.join(target.ada, "linkdir-copy"), { recursive: true }).catch(
      () => [],
    );
    for (const name of copied) {
      const text = await readFile(path.join(target.ada, "linkdir-copy", name), "utf8").catch(
        () => "",
      );
      expect(text, name).not.toContain(SECRET);
    }
    expect(await outsideAda(target)).toEqual(before);
  });

  it("moving a folder holding links out keeps the walk inside the scope", async () => {
    await mkdir(path.join(target.ada, "mover", "d", "e"), { recursive: true });
    await symlink("..", path.join(target.ada, "mover", "d", "e", "l"));
    await symlink(path.join(target.t.root, "secret"), path.join(target.ada, "mover", "out"));
    const res = await target.as("ada", patchUrl("/mover", "rename", "/moved"), { method: "PATCH" });
    expectNoLeak(target, res, "move");
    expect(await outsideAda(target)).toEqual(before);
  });
});

describe("walks through link chains (finding 5)", () => {
  it("moving a folder holding a chain that climbs to the server root stays in the scope", async () => {
    // w/x reads as "inside" one link at a time, but resolves to the server's files folder.
    await mkdir(path.join(target.ada, "w", "d", "e"), { recursive: true });
    await symlink("..", path.join(target.ada, "w", "d", "e", "l"));
    await symlink("d/e/l/../../..", path.join(target.ada, "w", "x"));
    await writeFile(path.join(target.ada, "w", "own.txt"), "own");
    const started = Date.now();
    const res = await target.as("ada", patchUrl("/w", "rename", "/w-moved"), { method: "PATCH" });
    expectNoLeak(target, res, "move w");
    expect(res.body.toString()).not.toMatch(/\d{6,}/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await outsideAda(target)).toEqual(before);
    for (const p of ["/w-moved/x/secret/secret.txt", "/w/x/secret/secret.txt"]) {
      expectNoLeak(target, await target.as("ada", `/api/raw${p}`), p);
    }
  });

  it("copying and archiving that folder stay in the scope too", async () => {
    await mkdir(path.join(target.ada, "w2", "d", "e"), { recursive: true });
    await symlink("..", path.join(target.ada, "w2", "d", "e", "l"));
    await symlink("d/e/l/../../..", path.join(target.ada, "w2", "x"));
    const copy = await target.as("ada", patchUrl("/w2", "copy", "/w2-copy"), { method: "PATCH" });
    expectNoLeak(target, copy, "copy w2");
    expect(await outsideAda(target)).toEqual(before);
    const tar = await target.as("ada", "/api/raw/w2?algo=tar");
    expectNoLeak(target, tar, "w2.tar");
    expect(tar.body.toString("latin1")).not.toContain("eve.txt");
  });
});

describe("walks of a move across filesystems (finding 5)", () => {
  let cross: Target;
  beforeAll(async () => {
    const exdev = () =>
      Promise.reject(Object.assign(new Error("cross-device link"), { code: "EXDEV" }));
    cross = await startTarget({ app: { app: { moveRename: exdev } } });
  });
  afterAll(() => cross.close());

  for (const [name, link] of [
    ["a chain that climbs to the server root", "d/e/l/../../.."],
    ["an absolute link to the server root", "/"],
    ["a link to another user", "../../eve"],
  ] as const) {
    it(`copying and deleting a folder holding ${name} stays in the scope`, async () => {
      const folder = path.join(cross.ada, "w");
      await mkdir(path.join(folder, "d", "e"), { recursive: true });
      await symlink("..", path.join(folder, "d", "e", "l"));
      await symlink(link, path.join(folder, "x"));
      await writeFile(path.join(folder, "own.txt"), "own");
      const outside = await outsideAda(cross);
      const started = Date.now();
      const res = await cross.as("ada", patchUrl("/w", "rename", "/w-moved"), { method: "PATCH" });
      expectNoLeak(cross, res, name);
      expect(res.body.toString()).not.toMatch(/\d{6,}/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await outsideAda(cross)).toEqual(outside);
      const moved = await snapshot(path.join(cross.ada, "w-moved")).catch(() => []);
      expect(moved.filter((e) => /secret\.txt|eve\.txt/.test(e))).toEqual([]);
      await rm(path.join(cross.ada, "w"), { recursive: true, force: true });
      await rm(path.join(cross.ada, "w-moved"), { recursive: true, force: true });
    });
  }
});

describe("links into rule-denied folders (API.md Part A §16)", () => {
  it("the denied file itself is refused (the control)", async () => {
    const res = await target.as("ada", "/api/raw/private/denied.txt");
    expectNoLeak(target, res, "direct");
    expect(res.status).toBe(403);
  });

  // Finding 2: rules are checked on the request path, not on where the link points.
  it("a link to a denied file is refused on raw", async () => {
    const res = await target.as("ada", "/api/raw/alias");
    expectNoLeak(target, res, "alias");
    expect(res.status).toBe(403);
  });

  it("a link to a denied folder is refused on resources", async () => {
    const res = await target.as("ada", "/api/resources/private-dir/denied.txt");
    expectNoLeak(target, res, "private-dir");
    expect(res.status).toBe(403);
  });

  it("an archive of the scope leaves out what links into denied folders point at", async () => {
    const res = await target.as("ada", "/api/raw/?algo=tar");
    expectNoLeak(target, res, "scope.tar");
  });

  it("an extracted link at the scope root to a denied file is refused (finding 2 as reported)", async () => {
    const zip = await makeZip([{ name: "alias3", symlink: "private/denied.txt" }]);
    await writeFile(path.join(target.ada, "evil3.zip"), zip);
    const res = await target.as("ada", patchUrl("/evil3.zip", "unzip", "/evil3.zip"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip at root");
    for (const url of ["/api/raw/alias3", "/api/resources/alias3", "/api/raw/?algo=tar"]) {
      expectNoLeak(target, await target.as("ada", url), url);
    }
  });

  it("an extracted link to a denied file is refused", async () => {
    const zip = await makeZip([{ name: "alias2", symlink: "../private/denied.txt" }]);
    await writeFile(path.join(target.ada, "out", "evil.zip"), zip);
    const res = await target.as("ada", patchUrl("/out/evil.zip", "unzip", "/out/evil.zip"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip");
    const read = await target.as("ada", "/api/raw/out/alias2");
    expectNoLeak(target, read, "out/alias2");
    const folder = await target.as("ada", "/api/raw/out?algo=tar");
    expectNoLeak(target, folder, "out.tar");
  });
});

describe("links made by extraction (API.md Part A §8)", () => {
  // Finding 4: each link is checked alone, as text, so a chain climbs out.
  it("a chain of extracted links never resolves outside the destination", async () => {
    const tar = await makeTar([
      { name: "d/e/", dir: true },
      { name: "d/e/l", symlink: ".." },
      { name: "x", symlink: "d/e/l/../.." },
    ]);
    await mkdir(path.join(target.ada, "chain"), { recursive: true });
    await writeFile(path.join(target.ada, "chain", "c.tar"), tar);
    const res = await target.as("ada", patchUrl("/chain/c.tar", "unzip", "/chain/c.tar"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip chain");
    for (const p of ["/chain/x/secret/secret.txt", "/chain/x/ada/doc.tex", "/chain/x"]) {
      const read = await target.as("ada", `/api/raw${p}?algo=tar`);
      expectNoLeak(target, read, p);
      expect(read.body.toString("latin1"), p).not.toContain("eve.txt");
    }
  });

  it("a link entry followed by a file written through it stays inside", async () => {
    const tar = await makeTar([
      { name: "up", symlink: ".." },
      { name: "up/planted.txt", data: "planted" },
    ]);
    await mkdir(path.join(target.ada, "through"), { recursive: true });
    await writeFile(path.join(target.ada, "through", "t.tar"), tar);
    const res = await target.as("ada", patchUrl("/through/t.tar", "unzip", "/through/t.tar"), {
      method: "PATCH",
    });
    expectSafe(target, res, "unzip through");
    expect(await readdir(target.ada)).not.toContain("planted.txt");
    expect(await outsideAda(target)).toEqual(before);
  });
});

describe("dangling links (finding 11)", () => {
  it("copying a folder that holds a dangling link succeeds", async () => {
    const res = await target.as("ada", patchUrl("/dangling", "copy", "/dangling-copy"), {
      method: "PATCH",
    });
    expectSafe(target, res, "copy dangling");
    expect(res.status).toBe(200);
  });
});
