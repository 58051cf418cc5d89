import { readFile, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { makeZip } from "../../test/archive-build.js";
import { versionsWorld, type VersionsWorld } from "../../test/versions-world.js";

let w: VersionsWorld;
afterEach(() => w.t.close());

const OCTETS = "application/offset+octet-stream";
const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/** The contents of a file's versions, newest first. */
async function contents(p: string, auth?: string): Promise<string[]> {
  const out: string[] = [];
  for (const v of await w.versions(p, auth)) out.push(await w.bytes(p, v.id, auth));
  return out;
}

describe("every overwrite keeps a version", () => {
  it("POST with override=true", async () => {
    w = await versionsWorld();
    const res = await w.inject("POST", "/api/resources/books/a.txt?override=true", "beta");
    expect(res.statusCode).toBe(200);
    expect(await contents("/books/a.txt")).toEqual(["alpha"]);
  });

  it("a tus upload that replaces, with Upload-Length (our web client)", async () => {
    w = await versionsWorld();
    const headers = { "x-auth": w.token };
    const created = await w.t.app.inject({
      method: "POST",
      url: "/api/tus/books/a.txt?override=true",
      headers: { ...headers, "upload-length": "4" },
    });
    expect(created.statusCode).toBe(201);
    const last = await w.t.app.inject({
      method: "PATCH",
      url: "/api/tus/books/a.txt?override=true",
      headers: {
        ...headers,
        "upload-offset": "0",
        "content-type": OCTETS,
        "tus-resumable": "1.0.0",
      },
      payload: "beta",
    });
    expect(last.statusCode).toBe(204);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("beta");
    expect(await contents("/books/a.txt")).toEqual(["alpha"]);
  });

  it("a tus upload that replaces, without Upload-Length (File Browser's client)", async () => {
    w = await versionsWorld({ settings: (s) => void (s.tus.chunkSize = 4) });
    const headers = { "x-auth": w.token };
    expect(
      (await w.t.app.inject({ method: "POST", url: "/api/tus/books/a.txt?override=true", headers }))
        .statusCode,
    ).toBe(201);
    const chunk = (offset: number, body: string) =>
      w.t.app.inject({
        method: "PATCH",
        url: "/api/tus/books/a.txt?override=true",
        headers: {
          ...headers,
          "upload-offset": String(offset),
          "content-type": OCTETS,
          "tus-resumable": "1.0.0",
        },
        payload: body,
      });
    expect((await chunk(0, "gamm")).statusCode).toBe(204);
    expect((await chunk(4, "a")).statusCode).toBe(204);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("gamma");
    expect(await contents("/books/a.txt")).toEqual(["alpha"]);
  });

  it("a copy and a move that replace a file by a file: a version, never a gap or a trash item", async () => {
    w = await versionsWorld();
    await writeFile(w.at("b.txt"), "beta");
    const patch = (action: string, from: string, to: string) =>
      w.inject(
        "PATCH",
        `/api/resources${from}?action=${action}&destination=${encodeURIComponent(to)}&override=true`,
      );
    expect((await patch("copy", "/b.txt", "/books/a.txt")).statusCode).toBe(200);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("beta");
    expect(await contents("/books/a.txt")).toEqual(["alpha"]);
    await writeFile(w.at("c.txt"), "gamma");
    expect((await patch("rename", "/c.txt", "/books/a.txt")).statusCode).toBe(200);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("gamma");
    expect(await contents("/books/a.txt")).toEqual(["beta", "alpha"]);
    expect(await w.list()).toEqual([]);
  });

  it("an extraction that replaces a file", async () => {
    w = await versionsWorld();
    await writeFile(w.at("arch.zip"), await makeZip([{ name: "a.txt", data: "from zip" }]));
    const admin = await w.t.login();
    const destination = encodeURIComponent(enc("/ada/books/arch.zip"));
    const res = await w.inject(
      "PATCH",
      `/api/resources/ada/arch.zip?action=unzip&destination=${destination}&override=true&rename=false&unzip=true`,
      undefined,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("from zip");
    // The history is the file's, whoever looks: the admin through /ada, ada through her scope.
    expect(await contents("/books/a.txt")).toEqual(["alpha"]);
    expect(await contents("/ada/books/a.txt", admin)).toEqual(["alpha"]);
    expect((await w.versions("/books/a.txt"))[0]?.author).toBe("admin");
  });

  it("records the author of each content: who made the change that wrote it", async () => {
    w = await versionsWorld();
    const admin = await w.t.login();
    await w.save("/books/a.txt", "by ada");
    await w.save("/ada/books/a.txt", "by admin", admin);
    const list = await w.versions("/books/a.txt");
    // "by ada" (newest version) was written by ada; "alpha", whose writer is unknown, is
    // credited to who replaced it.
    expect(list.map((v) => v.author)).toEqual(["ada", "ada"]);
    await w.save("/books/a.txt", "again");
    expect((await w.versions("/books/a.txt"))[0]?.author).toBe("admin");
  });
});

describe("history follows the file", () => {
  it("a renamed file and a moved folder keep their history", async () => {
    w = await versionsWorld();
    await w.save("/books/a.txt", "beta");
    const move = (from: string, to: string) =>
      w.inject(
        "PATCH",
        `/api/resources${from}?action=rename&destination=${encodeURIComponent(to)}`,
      );
    expect((await move("/books/a.txt", "/books/b.txt")).statusCode).toBe(200);
    expect(await contents("/books/b.txt")).toEqual(["alpha"]);
    expect((await move("/books", "/shelf")).statusCode).toBe(200);
    expect(await contents("/shelf/b.txt")).toEqual(["alpha"]);
  });

  it("deleting takes the history into the trash; restoring brings it back", async () => {
    w = await versionsWorld();
    await w.save("/books/liber1/cap1.tex", "\\Unit secundum");
    await w.save("/books/a.txt", "beta");
    expect((await w.remove("/books/a.txt")).statusCode).toBe(204);
    expect((await w.remove("/books/liber1")).statusCode).toBe(204);
    // A new file at the old path has no history.
    await writeFile(w.at("books", "a.txt"), "new");
    expect(await w.versions("/books/a.txt")).toEqual([]);
    const [folder, file] = await w.list();
    expect((await w.restore(folder!.id)).json()).toEqual({ path: "/books/liber1" });
    expect(await contents("/books/liber1/cap1.tex")).toEqual(["\\Unit caput"]);
    expect((await w.restore(file!.id)).json()).toEqual({ path: "/books/a (restored).txt" });
    expect(await contents("/books/a (restored).txt")).toEqual(["alpha"]);
  });

  it("a file deleted for good (no trash) takes its history along", async () => {
    w = await versionsWorld({ settings: (s) => void (s.trash.days = 0) });
    await w.save("/books/a.txt", "beta");
    expect(await w.versions("/books/a.txt")).toHaveLength(1);
    expect((await w.remove("/books/a.txt")).statusCode).toBe(204);
    await writeFile(w.at("books", "a.txt"), "a new file");
    expect(await w.versions("/books/a.txt")).toEqual([]);
    await w.save("/books/liber1/cap1.tex", "\\Unit altera");
    expect((await w.remove("/books")).statusCode).toBe(204);
    expect(await w.t.db.selectFrom("versions").selectAll().execute()).toEqual([]);
    await expect.poll(() => w.t.db.selectFrom("version_blobs").selectAll().execute()).toEqual([]);
  });

  it("deleting a trash item for ever drops its versions and their blobs", async () => {
    w = await versionsWorld();
    await w.save("/books/a.txt", "beta");
    await w.versions("/books/a.txt");
    await w.remove("/books/a.txt");
    const [item] = await w.list();
    expect((await w.forget(item!.id)).statusCode).toBe(204);
    const rows = await w.t.db.selectFrom("versions").selectAll().execute();
    expect(rows).toEqual([]);
    await expect.poll(() => w.t.db.selectFrom("version_blobs").selectAll().execute()).toEqual([]);
  });
});

describe("retention", () => {
  it("thins old versions after a new one, but keeps labelled ones", async () => {
    w = await versionsWorld();
    for (const text of ["b", "c", "d"]) await w.save("/books/a.txt", text);
    const [first, second, third] = await w.versions("/books/a.txt");
    expect((await w.label("/books/a.txt", third!.id, "kept")).statusCode).toBe(204);
    // All three made two days ago, in the same day slot (the newest stays).
    const day = Math.floor(Date.now() / 86_400_000) - 2;
    for (const [i, v] of [first, second, third].entries()) {
      await w.t.db
        .updateTable("versions")
        .set({ made_at: day * 86_400_000 + 3_600_000 - i * 1000 })
        .where("id", "=", v!.id)
        .execute();
    }
    await w.save("/books/a.txt", "e");
    const left = await w.versions("/books/a.txt");
    // The newest (just made), one of the day slot, and the labelled one.
    expect(left).toHaveLength(3);
    expect(left.map((v) => v.label)).toContain("kept");
    expect(left.map((v) => v.id)).not.toContain(second!.id);
  });
});
