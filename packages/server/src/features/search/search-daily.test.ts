import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SearchResult } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { perm } from "../../test/attack-target.js";
import { openTextIndex } from "../../db/text-index.js";
import { NameIndex } from "./name-index.js";
import { contextOf } from "./search.service.js";
import { texRows } from "./text-rows.js";

let t: TestContext;
let ada: string;
let scope: string;

async function files(entries: Record<string, string>, base = scope): Promise<void> {
  for (const [rel, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(base, rel)), { recursive: true });
    await writeFile(path.join(base, rel), content);
  }
}

async function ask(query: string, content: boolean): Promise<SearchResult[]> {
  const res = await t.app.inject({
    url: `/api/search/?query=${encodeURIComponent(query)}${content ? "&content=true" : ""}`,
    headers: { "x-auth": ada },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult[]>();
}

/** Asks until `done` holds (the watcher and the text index catch up), then answers. */
async function until(
  query: string,
  content: boolean,
  done: (r: SearchResult[]) => boolean,
): Promise<SearchResult[]> {
  let last: SearchResult[] = [];
  for (let i = 0; i < 60; i++) {
    last = await ask(query, content);
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

const LONG = `${"parole di riempimento ".repeat(30)}la Città di Messina ${"e ancora ".repeat(40)}`;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(),
      rules: [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }],
    },
  });
  scope = path.join(t.root, "ada");
  await files({
    "Città.tex": "x",
    "CITTA-maiuscola.txt": "x",
    "citta semplice.md": "x",
    "Opuscula/figura.tex": [
      "\\section{Prodiorthosis}",
      "Nella \\VV{{A/B:città}{C:cittade}} di Messina, disse.",
      "% TODO controllare la lezione di C",
      "Testo 50\\% sicuro % nota: verificare Bas",
      LONG,
    ].join("\n"),
    "private/segreto.tex": "% TODO controllare il segreto\n",
  });
  ada = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

describe("names fold case and accents like full text", () => {
  it('"citta" finds "Città", "CITTA" and "citta", and "città" finds them too', async () => {
    const names = (r: SearchResult[]) => r.map((x) => x.path).sort();
    const expected = ["CITTA-maiuscola.txt", "Città.tex", "citta semplice.md"];
    expect(names(await until("citta", false, (r) => r.length >= 3))).toEqual(expected);
    expect(names(await ask("CITTA", false))).toEqual(expected);
    expect(names(await ask("città", false))).toEqual(expected);
    expect(names(await ask("CITTÀ", false))).toEqual(expected);
    // case:sensitive compares names as they are.
    expect(names(await ask("Città case:sensitive", false))).toEqual(["Città.tex"]);
  });

  it("the name index holds names folded, decomposed accents included", () => {
    const index = new NameIndex();
    const file = { isDir: false, size: 1, modified: 1 };
    index.put("/a/Città.tex", file);
    index.put("/a/Citta\u0300-nfd.tex", file);
    index.put("/a/Cittadella.tex", file);
    const found: string[] = [];
    index.eachNameHolding("città", (id) => found.push(index.nameOf(id)));
    expect(found).toEqual([]);
    index.eachNameHolding("citta.", (id) => found.push(index.nameOf(id)));
    index.eachNameHolding("citta-", (id) => found.push(index.nameOf(id)));
    expect(found.sort()).toEqual(["Citta\u0300-nfd.tex", "Città.tex"]);
  });
});

describe("full-text hits in Mauro-TeX files", () => {
  it("show their whole source line and the readings' sigla", async () => {
    const found = await until("citta", true, (r) => r.length >= 2);
    const reading = found.find((r) => r.witnesses !== undefined);
    expect(reading).toMatchObject({
      path: "Opuscula/figura.tex",
      line: 2,
      witnesses: ["A", "B"],
      snippet: "città",
      context: "Nella \\VV{{A/B:città}{C:cittade}} di Messina, disse.",
    });
    expect(reading?.comment).toBeUndefined();
    const other = await ask("cittade", true);
    expect(other).toEqual([expect.objectContaining({ line: 2, witnesses: ["C"] })]);
  });

  it("cut a long line around the match, and plain text has no context of its own", async () => {
    const [long] = await until("messina", true, (r) => r.some((x) => x.line === 5));
    const hit = (await ask("messina", true)).find((r) => r.line === 5);
    expect(long).toBeDefined();
    expect(hit?.context?.length).toBeLessThanOrEqual(242);
    expect(hit?.context).toMatch(/^….*la Città di Messina.*…$/);
    expect(contextOf("short line", ["x"])).toBe("short line");
  });

  it("comments are searched only with comment:, and show their line", async () => {
    const todo = await until("comment:TODO controllare", false, (r) => r.length > 0);
    // Without comment:, the words of comments are not text.
    expect(await ask("controllare", true)).toEqual([]);
    expect(todo).toEqual([
      {
        dir: false,
        path: "Opuscula/figura.tex",
        line: 3,
        snippet: "TODO controllare la lezione di C",
        context: "% TODO controllare la lezione di C",
        comment: true,
      },
    ]);
    // A comment after the text on its line; an escaped \% is not one.
    const nota = await ask("comment:verificare", true);
    expect(nota).toEqual([
      expect.objectContaining({
        line: 4,
        snippet: "nota: verificare Bas",
        context: "Testo 50\\% sicuro % nota: verificare Bas",
        comment: true,
      }),
    ]);
    expect(await ask("comment:sicuro", true)).toEqual([]);
    expect((await ask("sicuro", true))[0]?.line).toBe(4);
    // Denied folders keep their comments to themselves.
    expect((await ask("comment:segreto", true)).length).toBe(0);
  });
});

describe("texRows", () => {
  it("keeps comments apart, inside readings too, and every row's line", () => {
    const rows = texRows("a \\VV{{A:uno % nota dentro\n due}{B:tre}} b\n%% fine\n");
    expect(rows.filter((r) => r.comment)).toEqual([
      { line: 1, witnesses: "", text: "nota dentro", comment: true },
      { line: 3, witnesses: "", text: "fine", comment: true, context: "%% fine" },
    ]);
    expect(rows.filter((r) => r.context !== undefined).map((r) => r.line)).toEqual([1, 2, 3]);
    expect(rows[0]?.context).toBe("a \\VV{{A:uno % nota dentro");
  });
});

describe("the text index's file", () => {
  it("of the version before comments is dropped and read again, never half used", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-text-index-"));
    const file = path.join(dir, "text.db");
    try {
      const old = new DatabaseSync(file);
      old.exec(`CREATE TABLE text_files (
          id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, mtime REAL NOT NULL, size INTEGER NOT NULL);
        CREATE VIRTUAL TABLE text_rows USING fts5(line UNINDEXED, witnesses UNINDEXED, body);
        INSERT INTO text_files (path, mtime, size) VALUES ('/a.tex', 1, 1);`);
      old.close();
      const store = openTextIndex(file);
      expect(store.stamp("/a.tex")).toBeUndefined();
      store.put("/a.tex", 2, 2, [
        { line: 1, witnesses: "", text: "nota bene", comment: true, context: "% nota bene" },
        { line: 1, witnesses: "A", text: "bene", context: "% nota bene" },
      ]);
      expect(store.search('"bene"*', "/", 10, true)).toEqual([
        {
          path: "/a.tex",
          line: 1,
          witnesses: "",
          text: "nota bene",
          kind: 1,
          context: "% nota bene",
        },
      ]);
      expect(store.search('"bene"*', "/", 10).map((m) => m.witnesses)).toEqual(["A"]);
      store.removeUnder("/a.tex");
      expect(store.search('"bene"*', "/", 10, true)).toEqual([]);
      store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
