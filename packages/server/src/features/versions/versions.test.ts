import { randomBytes } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { versionsWorld, type VersionsWorld } from "../../test/versions-world.js";

let w: VersionsWorld;
afterEach(() => w.t.close());

/** Every blob file of the versions folder. */
async function blobFiles(dir: string): Promise<string[]> {
  const root = path.join(dir, "versions", "blobs");
  const out: string[] = [];
  for (const sub of await readdir(root)) out.push(...(await readdir(path.join(root, sub))));
  return out;
}

describe("versions of saved files", () => {
  it("a save keeps the previous content; list, bytes, download, diff, label, restore", async () => {
    w = await versionsWorld();
    expect(await w.versions("/books/a.txt")).toEqual([]);
    expect((await w.save("/books/a.txt", "beta")).statusCode).toBe(200);
    expect((await w.save("/books/a.txt", "gamma")).statusCode).toBe(200);
    const list = await w.versions("/books/a.txt");
    expect(list.map((v) => [v.size, v.author, v.label])).toEqual([
      [4, "ada", null],
      [5, "ada", null],
    ]);
    const [beta, alpha] = list as [(typeof list)[0], (typeof list)[0]];
    expect(Date.parse(beta.modified)).toBeGreaterThanOrEqual(Date.parse(alpha.modified));
    expect(await w.bytes("/books/a.txt", alpha.id)).toBe("alpha");
    expect(await w.bytes("/books/a.txt", beta.id)).toBe("beta");
    const dl = await w.history("/books/a.txt", `?version=${alpha.id}&download=1`);
    expect(dl.headers["content-disposition"]).toMatch(/^attachment; filename="a.txt"/);
    expect(dl.headers["content-length"]).toBe("5");
    expect(dl.headers["content-type"]).toMatch(/^text\/plain/);

    const diff = await w.diff("/books/a.txt", `${alpha.id},current`);
    expect(diff.binary).toBe(false);
    expect(diff.lines.length).toBeGreaterThan(0);

    expect((await w.label("/books/a.txt", alpha.id, "first")).statusCode).toBe(204);
    expect((await w.versions("/books/a.txt")).find((v) => v.id === alpha.id)?.label).toBe("first");
    expect((await w.label("/books/a.txt", alpha.id, "")).statusCode).toBe(204);
    expect((await w.versions("/books/a.txt")).find((v) => v.id === alpha.id)?.label).toBe(null);

    const restored = await w.restoreVersion("/books/a.txt", alpha.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ path: "/books/a.txt" });
    expect(await readFile(w.at("books", "a.txt"), "utf8")).toBe("alpha");
    // The restore made a version of "gamma".
    const after = await w.versions("/books/a.txt");
    expect(after).toHaveLength(3);
    expect(await w.bytes("/books/a.txt", after[0]!.id)).toBe("gamma");
  });

  it("a .tex diff marks the changed words and names the changed readings with their sigla", async () => {
    w = await versionsWorld();
    const cap = "/books/liber1/cap1.tex";
    await w.save(cap, "Incipit.\nfrequens \\VV{{N/Bas:quanta}{G/L:quanto}} hoc\nExplicit.\n");
    await w.save(cap, "Incipit.\nfrequens \\VV{{N/Bas:quanta}{G/L:quantum}} hoc\nExplicit.\n");
    const [second] = await w.versions(cap);
    const diff = await w.diff(cap, `${second!.id},current`);
    expect(diff.binary).toBe(false);
    const changed = diff.lines.find((l) => l.kind === "changed");
    expect(changed?.old.some((seg) => seg.changed && seg.text.includes("quanto"))).toBe(true);
    expect(changed?.new.some((seg) => seg.changed && seg.text.includes("quantum"))).toBe(true);
    expect(diff.readings).toHaveLength(1);
    expect(diff.readings[0]).toMatchObject({ macro: "\\VV", sigla: ["G", "L"] });
    // A side over 5 MiB is refused (413), not compared.
    await w.save(cap, "x".repeat(5 * 1024 * 1024 + 1));
    expect((await w.history(cap, `?diff=${second!.id},current`)).statusCode).toBe(413);
  });

  it("a version over 16 MiB is streamed, byte for byte", async () => {
    w = await versionsWorld();
    const big = randomBytes(17 * 1024 * 1024);
    await writeFile(w.at("books", "big.bin"), big);
    await w.save("/books/big.bin", "small now");
    const [v] = await w.versions("/books/big.bin");
    const res = await w.history("/books/big.bin", `?version=${v!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(big)).toBe(true);
  });

  it("identical contents are stored once", async () => {
    w = await versionsWorld();
    await w.save("/books/a.txt", "beta");
    await w.save("/books/a.txt", "alpha");
    await w.save("/books/a.txt", "beta");
    await w.save("/books/a.txt", "alpha");
    const list = await w.versions("/books/a.txt");
    expect(list).toHaveLength(4);
    expect(await blobFiles(w.t.dir)).toHaveLength(2);
  });

  it("keeps nothing over maxFileBytes, nor when switched off", async () => {
    w = await versionsWorld({ settings: (s) => void (s.versions.maxFileBytes = 4) });
    await w.save("/books/a.txt", "beta");
    await w.save("/books/a.txt", "betamax");
    expect((await w.versions("/books/a.txt")).map((v) => v.size)).toEqual([4]);
    await w.t.close();
    w = await versionsWorld({ settings: (s) => void (s.versions.enabled = false) });
    await w.save("/books/a.txt", "beta");
    expect(await w.versions("/books/a.txt")).toEqual([]);
  });

  it("a binary side gives binary: true; bad ids and params are refused", async () => {
    w = await versionsWorld();
    await writeFile(w.at("books", "b.bin"), Buffer.from([1, 0, 2]));
    await w.save("/books/b.bin", "text now");
    const [v] = await w.versions("/books/b.bin");
    expect((await w.diff("/books/b.bin", `${v!.id},current`)).binary).toBe(true);
    expect((await w.history("/books/b.bin", "?version=nope")).statusCode).toBe(404);
    expect((await w.history("/books/b.bin", "?diff=onlyone")).statusCode).toBe(400);
    expect((await w.history("/books/b.bin", "?diff=a,b,c")).statusCode).toBe(400);
    expect((await w.history("/books/b.bin", "?context=-1")).statusCode).toBe(400);
    expect((await w.history("/books", "")).statusCode).toBe(400);
    expect((await w.history("/books/none.txt", "")).statusCode).toBe(404);
    // Another file's version id is not this file's.
    await w.save("/books/a.txt", "beta");
    const [other] = await w.versions("/books/a.txt");
    expect((await w.history("/books/b.bin", `?version=${other!.id}`)).statusCode).toBe(404);
    expect((await w.restoreVersion("/books/b.bin", other!.id)).statusCode).toBe(404);
  });
});
