import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchResult } from "@scriptorium/shared";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { perm } from "../../test/attack-target.js";

let t: TestContext;
let ada: string;
let scope: string;

async function files(entries: Record<string, string>, base = scope): Promise<void> {
  for (const [rel, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(base, rel)), { recursive: true });
    await writeFile(path.join(base, rel), content);
  }
}

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(),
      hideDotfiles: true,
      rules: [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }],
    },
  });
  scope = path.join(t.root, "ada");
  await files({
    "Opuscula/De sphaera.tex": "x",
    "Opuscula/de-centris.tex": "x",
    "Opuscula/figures/sphaera-1.png": "x",
    "Opuscula/figures/Sphaera-2.JPG": "x",
    "Opuscula/notes.txt": "x",
    "private/sphaera-secret.tex": "x",
    ".hidden/sphaera-in-hidden.tex": "x",
    ".sphaera-dot.tex": "x",
    "scans/musica.mp3": "x",
    "scans/film.mp4": "x",
    "scans/liber.pdf": "x",
    "scans/LIBER.PDF": "x",
  });
  await files({ "bob/sphaera-of-bob.tex": "x" }, t.root);
  ada = await t.login("ada", "ada-password-12");
  // The app was up before these files were written: its watcher brings them in.
  await eventually(async () => (await found("/", "type:pdf")).length === 2);
});
afterEach(() => t.close());

async function search(dir: string, query: string, token = ada) {
  const res = await t.app.inject({
    url: `/api/search${dir}?query=${encodeURIComponent(query)}`,
    headers: { "x-auth": token },
  });
  return res;
}

/** Results once the first walk is over. */
async function found(dir: string, query: string): Promise<SearchResult[]> {
  for (let i = 0; i < 100; i++) {
    const res = await search(dir, query);
    expect(res.statusCode, res.body).toBe(200);
    if (res.headers["x-search-index"] === "ready") return res.json<SearchResult[]>();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the index never got ready");
}

const paths = (results: SearchResult[]) => results.map((r) => r.path).sort();

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("not within the time");
}

describe("search by name", () => {
  it("finds names holding a word, case-folded, relative to the searched folder", async () => {
    expect(paths(await found("/", "sphaera"))).toEqual([
      "Opuscula/De sphaera.tex",
      "Opuscula/figures/Sphaera-2.JPG",
      "Opuscula/figures/sphaera-1.png",
    ]);
    expect(paths(await found("/Opuscula/", "sphaera"))).toEqual([
      "De sphaera.tex",
      "figures/Sphaera-2.JPG",
      "figures/sphaera-1.png",
    ]);
    const folder = await found("/", "figures");
    expect(folder).toEqual([{ dir: true, path: "Opuscula/figures" }]);
  });

  it("understands case:sensitive, phrases, several words and type: shortcuts", async () => {
    expect(paths(await found("/", "Sphaera case:sensitive"))).toEqual([
      "Opuscula/figures/Sphaera-2.JPG",
    ]);
    expect(paths(await found("/", '"de sphaera"'))).toEqual(["Opuscula/De sphaera.tex"]);
    // Words are OR-ed; names with every word come first.
    const both = await found("/", "de centris");
    expect(both[0]?.path).toBe("Opuscula/de-centris.tex");
    expect(paths(await found("/", "type:image"))).toEqual([
      "Opuscula/figures/Sphaera-2.JPG",
      "Opuscula/figures/sphaera-1.png",
    ]);
    expect(paths(await found("/", "type:audio"))).toEqual(["scans/musica.mp3"]);
    expect(paths(await found("/", "type:video"))).toEqual(["scans/film.mp4"]);
    expect(paths(await found("/", "type:pdf"))).toEqual(["scans/LIBER.PDF", "scans/liber.pdf"]);
    expect(paths(await found("/", "type:tex sphaera"))).toEqual(["Opuscula/De sphaera.tex"]);
    expect(paths(await found("/", "type:text notes"))).toEqual(["Opuscula/notes.txt"]);
  });

  it("never shows other scopes, denied paths or hidden names of a user who hides them", async () => {
    const all = paths(await found("/", "sphaera"));
    expect(all.join()).not.toMatch(/bob|secret|hidden|dot/);
    const admin = await t.login();
    const seen = (await search("/", "sphaera", admin)).json<SearchResult[]>().map((r) => r.path);
    expect(seen).toEqual(expect.arrayContaining(["bob/sphaera-of-bob.tex"]));
  });

  it("shows hidden names to a user who does not hide them", async () => {
    await t.app.inject({
      method: "PUT",
      url: "/api/users/2",
      headers: { "x-auth": ada },
      payload: JSON.stringify({
        what: "user",
        which: ["hideDotfiles"],
        data: { id: 2, hideDotfiles: false },
      }),
    });
    const all = paths(await found("/", "sphaera"));
    expect(all).toEqual(
      expect.arrayContaining([".sphaera-dot.tex", ".hidden/sphaera-in-hidden.tex"]),
    );
  });

  it("stays current: a file made through the app at once, one made on disk within seconds, a deleted one goes", async () => {
    await found("/", "x");
    const made = await t.app.inject({
      method: "POST",
      url: "/api/resources/Opuscula/nova-sphaera.tex",
      headers: { "x-auth": ada },
      payload: "new",
    });
    expect(made.statusCode).toBe(200);
    expect(paths(await found("/", "nova-sphaera"))).toEqual(["Opuscula/nova-sphaera.tex"]);
    await files({ "outside/made-on-disk.tex": "x" });
    await eventually(async () => paths(await found("/", "made-on-disk")).length === 1);
    await rm(path.join(scope, "Opuscula", "figures"), { recursive: true });
    await eventually(async () => (await found("/", "sphaera-1")).length === 0);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/resources/Opuscula/nova-sphaera.tex",
      headers: { "x-auth": ada },
    });
    expect(del.statusCode).toBe(204);
    expect(await found("/", "nova-sphaera")).toEqual([]);
  });

  it("a moved folder is found at its new place only", async () => {
    await found("/", "x");
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/resources/Opuscula?action=rename&destination=${encodeURIComponent(encodeURIComponent("/Opera"))}`,
      headers: { "x-auth": ada },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(paths(await found("/", "centris"))).toEqual(["Opera/de-centris.tex"]);
  });

  it("answers bad queries with a clear 400, regex characters literally, never a 500", async () => {
    expect(errorOf(await search("/", "a".repeat(10_000))).status).toBe(400);
    const regex = await found("/", ".*[(^$|?+\\");
    expect(regex).toEqual([]);
    const bad = await t.app.inject({
      url: "/api/search/?query=%ff%fe",
      headers: { "x-auth": ada },
    });
    expect(bad.statusCode).toBeLessThan(500);
    const nul = await t.app.inject({ url: "/api/search/?query=a%00b", headers: { "x-auth": ada } });
    expect(errorOf(nul).status).toBe(400);
    const outside = await search("/../bob/", "sphaera");
    expect(outside.body).not.toContain("bob.tex");
  });
});

describe("full text of files that were there before the server started", () => {
  it("are indexed by the first walk", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "scriptorium-search-root-"));
    await files(
      { "ada/old/a.tex": "prima linea\nsecunda \\VV{{A:antiqua}{B:vetus}} linea\n" },
      root,
    );
    for (let i = 0; i < 30; i++) await files({ [`ada/old/f${i}.txt`]: `verbum${i}\n` }, root);
    const other = await createTestApp({ app: { root } });
    try {
      await other.createUser({
        username: "ada",
        password: "ada-password-12",
        fields: { scope: "/ada", perm: perm() },
      });
      const token = await other.login("ada", "ada-password-12");
      const ask = async (word: string) =>
        (
          await other.app.inject({
            url: `/api/search/?query=${word}&content=true`,
            headers: { "x-auth": token },
          })
        ).json<SearchResult[]>();
      await eventually(async () => (await ask("vetus")).length === 1);
      expect(await ask("vetus")).toEqual([
        expect.objectContaining({ path: "old/a.tex", line: 2, witnesses: ["B"] }),
      ]);
      await eventually(async () => (await ask("verbum29")).length === 1);
    } finally {
      await other.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("full text", () => {
  // Waits until at least `atLeast` results are found: the index is filled in the background.
  async function text(dir: string, query: string, atLeast = 1): Promise<SearchResult[]> {
    let last: SearchResult[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({
        url: `/api/search${dir}?query=${encodeURIComponent(query)}&content=true`,
        headers: { "x-auth": ada },
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json<SearchResult[]>();
      if (last.length >= atLeast) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    return last;
  }

  beforeEach(async () => {
    await files({
      "Opuscula/figura.tex":
        "% a comment with sphaera\n\\section{Prodiorthosis}\nTesto \\VV{{L2/Bas:\\MARG: prodiorthosis}{G/L/N/Bas:prodiorthosis}}, praecedens correctio.\n\\VV{{*:set}{G/L/N/Bas:et}} insuave audientibus\n",
      "Opuscula/notes.md": "# Notes\n\nThe Maurolico edition, quod erat demonstrandum.\n",
      "Opuscula/out/figura-1f.htm": "<p>Haec <b>figura</b> &amp; praecedens</p>\n",
      "private/secret.tex": "praecedens in a denied folder\n",
      ".hidden/h.tex": "praecedens in a hidden folder\n",
    });
  });

  it("finds words inside .tex, .md and m2hv's .htm with the line and a snippet", async () => {
    const found = await text("/", "praecedens", 2);
    expect(found.map((r) => [r.path, r.line]).sort()).toEqual([
      ["Opuscula/figura.tex", 3],
      ["Opuscula/out/figura-1f.htm", 1],
    ]);
    const tex = found.find((r) => r.path === "Opuscula/figura.tex");
    expect(tex?.snippet).toContain("praecedens correctio");
    expect(tex?.snippet).not.toMatch(/\\VV|\{/);
    expect((await text("/Opuscula/", "quod erat"))[0]).toMatchObject({ path: "notes.md", line: 3 });
    // Comments are not text.
    expect(await text("/", "sphaera")).toEqual([]);
  });

  it("tells which witnesses carry a word of a variant", async () => {
    const et = await text("/", "et");
    expect(et).toEqual([
      expect.objectContaining({
        path: "Opuscula/figura.tex",
        line: 4,
        witnesses: ["G", "L", "N", "Bas"],
      }),
    ]);
    const set = await text("/", "set");
    expect(set[0]?.witnesses).toEqual(["*"]);
  });

  it("follows saves, and never shows denied or hidden files", async () => {
    // Once both readable files are found, the denied and hidden ones must still be missing.
    await text("/", "praecedens", 2);
    const again = await text("/", "praecedens");
    expect(again.map((r) => r.path).sort()).toEqual([
      "Opuscula/figura.tex",
      "Opuscula/out/figura-1f.htm",
    ]);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/resources/Opuscula/notes.md",
      headers: { "x-auth": ada },
      payload: "nothing\nnovissima verba\n",
    });
    expect(saved.statusCode).toBe(200);
    await eventually(async () => (await text("/", "novissima"))[0]?.line === 2);
    await eventually(async () => {
      const res = await t.app.inject({
        url: `/api/search/?query=demonstrandum&content=true`,
        headers: { "x-auth": ada },
      });
      return res.json<SearchResult[]>().length === 0;
    });
  });
});
