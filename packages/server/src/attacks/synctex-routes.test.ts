import { mkdir, symlink, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { createGzip, gzipSync } from "node:zlib";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SyncTexAnswer } from "@scriptorium/shared";
import {
  DENIED,
  EVE_SECRET,
  expectNoLeak,
  jsonOf,
  SECRET,
  startTarget,
  type Target,
} from "../test/attack-target.js";
import { onLine, synctexOf } from "../test/synctex-data.js";

/**
 * GET /api/synctex/{pdf} (issue 30): the PDF and its data are reached only as a download is
 * (session, permission, rules, scope, links); the files the data names are answered only when
 * they are the user's and allowed; `file=` escapes, links, bombs and bad numbers. ada's rules
 * deny `/private`.
 */
let target: Target;
const root = () => target.t.root;

beforeAll(async () => {
  target = await startTarget();
  const ada = target.ada;
  const pdf = "%PDF-1.4\n";
  // In scope: a PDF whose data names ada's files, a denied one, one outside, one of eve's.
  await mkdir(path.join(ada, "tex"), { recursive: true });
  await writeFile(path.join(ada, "tex", "a.pdf"), pdf);
  await writeFile(
    path.join(ada, "tex", "a.synctex.gz"),
    synctexOf([
      "/files/tex/./a.tex",
      `/files/private/${DENIED}.tex`,
      `${root()}/secret/${SECRET}.tex`,
      `${root()}/eve/${EVE_SECRET}.tex`,
      `/files/../secret/${SECRET}.tex`,
    ]),
  );
  // Denied: a PDF with its data in /private, also reached through a link in the scope.
  await writeFile(path.join(ada, "private", "p.pdf"), pdf);
  await writeFile(
    path.join(ada, "private", "p.synctex.gz"),
    synctexOf([`/files/private/${DENIED}.tex`]),
  );
  await symlink(path.join(ada, "private"), path.join(ada, "to-private"));
  // Outside: a PDF and data in the secret folder (reached by `..` or the `escape` link).
  await writeFile(path.join(root(), "secret", "s.pdf"), pdf);
  await writeFile(path.join(root(), "secret", "s.synctex.gz"), synctexOf(["/files/tex/./a.tex"]));
  // A PDF in scope whose data is a link to data outside.
  await writeFile(path.join(ada, "tex", "l.pdf"), pdf);
  await symlink(path.join(root(), "secret", "s.synctex.gz"), path.join(ada, "tex", "l.synctex.gz"));
  // A PDF in scope whose data is a denied file's link.
  await writeFile(path.join(ada, "tex", "d.pdf"), pdf);
  await symlink(path.join(ada, "private", "p.synctex.gz"), path.join(ada, "tex", "d.synctex.gz"));
  // eve's own PDF whose data names ada's files by their real path.
  await writeFile(path.join(root(), "eve", "e.pdf"), pdf);
  await writeFile(path.join(root(), "eve", "e.synctex.gz"), synctexOf([`${ada}/doc.tex`]));
}, 60_000);
afterAll(() => target.close());

const get = (user: string | undefined, url: string) => target.as(user, url);

describe("sessions", () => {
  it("is 401 without a session, with a forged one, and for share visitors", async () => {
    const share = await target.as("ada", "/api/share/tex", { method: "POST", body: "{}" });
    expect(share.status).toBe(200);
    const { hash } = jsonOf<{ hash: string }>(share);
    const cases: Record<string, string>[] = [
      {},
      { "x-auth": "" },
      { "x-auth": "x.y.z" },
      { "x-auth": target.tokens.ada.slice(0, -4) + "AAAA" },
      { "x-share-password": "x", cookie: `share=${hash}` },
    ];
    for (const headers of cases) {
      const res = await target.send(`/api/synctex/tex/a.pdf?${onLine(0)}`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.toString()).not.toContain("a.tex");
    }
    const viaShare = await target.send(`/api/public/share/${hash}/a.pdf?${onLine(0)}`);
    expect(viaShare.body.toString()).not.toContain("a.tex");
  });
});

describe("what the data names", () => {
  it("answers ada's own file", async () => {
    const res = await get("ada", `/api/synctex/tex/a.pdf?${onLine(0)}`);
    expect(jsonOf<SyncTexAnswer>(res)).toEqual({ source: { file: "/tex/a.tex", line: 1 } });
  });

  it("never names a denied file, one outside the files or another user's", async () => {
    for (const i of [1, 2, 3, 4]) {
      const res = await get("ada", `/api/synctex/tex/a.pdf?${onLine(i)}`);
      expectNoLeak(target, res, `line ${i}`);
      // The nearest line of a file that may be named, or nothing.
      if (res.status === 200) expect(jsonOf<SyncTexAnswer>(res).source?.file).toBe("/tex/a.tex");
      else expect(res.status).toBe(404);
    }
    const eve = await get("eve", `/api/synctex/e.pdf?${onLine(0)}`);
    expectNoLeak(target, eve, "eve");
    expect(eve.status).toBe(404);
    expect(eve.body.toString()).not.toContain("doc.tex");
  });

  it("file= outside the scope, denied, or escaping is refused and places nothing", async () => {
    for (const file of [
      `/private/${DENIED}.tex`,
      `../secret/${SECRET}.tex`,
      `/../../secret/${SECRET}.tex`,
      `%2e%2e/secret/${SECRET}.tex`,
      `/tex/%2e%2e/%2e%2e/secret/${SECRET}.tex`,
      `/escape/${SECRET}.tex`,
      `/to-private/${DENIED}.tex`,
      `${root()}/secret/${SECRET}.tex`,
      `/../eve/${EVE_SECRET}.tex`,
      "/tex/a.tex\0",
    ]) {
      const res = await get(
        "ada",
        `/api/synctex/tex/a.pdf?file=${encodeURIComponent(file)}&line=1`,
      );
      expectNoLeak(target, res, file);
      expect([400, 403, 404], `${file}: ${res.status}`).toContain(res.status);
      expect(res.body.toString()).not.toContain("boxes");
    }
    const ok = await get("ada", "/api/synctex/tex/a.pdf?file=/tex/a.tex&line=1");
    expect(jsonOf<SyncTexAnswer>(ok).boxes?.[0]).toMatchObject({ page: 1 });
  });
});

describe("which PDF", () => {
  it("a denied PDF or folder, also through a link, is refused", async () => {
    for (const p of [
      "/private/p.pdf",
      "/to-private/p.pdf",
      "/PRIVATE/../private/p.pdf",
      "/%70rivate/p.pdf",
    ]) {
      const res = await get("ada", `/api/synctex${p}?${onLine(0)}`);
      expectNoLeak(target, res, p);
      expect([403, 404], `${p}: ${res.status}`).toContain(res.status);
    }
  });

  it("a PDF outside the scope, by escapes or a link, is refused", async () => {
    for (const p of [
      "/../secret/s.pdf",
      "/%2e%2e/secret/s.pdf",
      "/escape/s.pdf",
      "/tex/..%2f..%2fsecret/s.pdf",
    ]) {
      const res = await get("ada", `/api/synctex${p}?${onLine(0)}`);
      expectNoLeak(target, res, p);
      expect([400, 403, 404], `${p}: ${res.status}`).toContain(res.status);
    }
  });

  it("data that is a link out of the scope or to a denied file is never followed", async () => {
    for (const p of ["/tex/l.pdf", "/tex/d.pdf"]) {
      const res = await get("ada", `/api/synctex${p}?${onLine(0)}`);
      expectNoLeak(target, res, p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe("hostile data", () => {
  it("a file too large to be SyncTeX is 413 before it is read", async () => {
    await writeFile(path.join(target.ada, "tex", "big.pdf"), "%PDF-1.4\n");
    const data = path.join(target.ada, "tex", "big.synctex.gz");
    await writeFile(data, "");
    await truncate(data, 65 * 1024 * 1024); // sparse: no disk used
    const res = await get("ada", `/api/synctex/tex/big.pdf?${onLine(0)}`);
    expect(res.status).toBe(413);
  });

  it("a gzip bomb stops at the cap: 413, memory bounded", async () => {
    await writeFile(path.join(target.ada, "tex", "bomb.pdf"), "%PDF-1.4\n");
    const line = Buffer.from("!1234567\n".repeat(116_508)); // ~1 MiB of lines the reader skips
    let n = 0;
    const source = new Readable({
      read() {
        if (n === 0) this.push("SyncTeX Version:1\n");
        this.push(n++ < 300 ? line : null);
      },
    });
    await pipeline(
      source,
      createGzip({ level: 1 }),
      createWriteStream(path.join(target.ada, "tex", "bomb.synctex.gz")),
    );
    const before = process.memoryUsage().rss;
    const res = await get("ada", `/api/synctex/tex/bomb.pdf?${onLine(0)}`);
    expect(res.status).toBe(413);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  }, 60_000);

  it("a line without end, not gzip, not SyncTeX, truncated, a page or inputs past the caps: 404", async () => {
    const crowded = ["SyncTeX Version:1", "Input:1:/files/tex/a.tex", "{1"];
    for (let i = 0; i < 600_000; i++) crowded.push(`x1,1:${i},0`);
    const many = ["SyncTeX Version:1"];
    for (let i = 0; i < 100_001; i++) many.push(`Input:${i}:/files/tex/a.tex`);
    const cases: [string, Buffer][] = [
      ["crowded", gzipSync(`${crowded.join("\n")}\n}1\n`)],
      ["inputs", gzipSync(`${many.join("\n")}\n`)],
      ["long", synctexOf([`/files/${"x".repeat(100_000)}.tex`])],
      ["plain", Buffer.from("SyncTeX Version:1\n")],
      ["other", synctexOf(["/files/tex/a.tex"]).subarray(0, 30)],
    ];
    for (const [name, bytes] of cases) {
      await writeFile(path.join(target.ada, "tex", `${name}.pdf`), "%PDF-1.4\n");
      await writeFile(path.join(target.ada, "tex", `${name}.synctex.gz`), bytes);
      const res = await get("ada", `/api/synctex/tex/${name}.pdf?${onLine(0)}`);
      expectNoLeak(target, res, name);
      expect(res.status, name).toBe(404);
    }
  });

  it("bad numbers are 400", async () => {
    for (const q of [
      "page=abc&x=1&y=1",
      "page=1.5&x=1&y=1",
      "page=-1&x=1&y=1",
      "page=0&x=1&y=1",
      "page=99999999999999999999999&x=1&y=1",
      "page=1&x=NaN&y=1",
      "page=1&x=Infinity&y=1",
      "page=1&x=1&y=1e999",
      "page=1&x=1e12&y=1",
      "page=1&x=&y=1",
      "page=1&x=1&y=1&x=2",
      "file=/tex/a.tex&line=abc",
      "file=/tex/a.tex&line=1.5",
      "file=/tex/a.tex&line=0",
      "file=&line=1",
    ]) {
      const res = await get("ada", `/api/synctex/tex/a.pdf?${q}`);
      expect(res.status, `${q}: ${res.body.toString()}`).toBe(400);
    }
  });
});
