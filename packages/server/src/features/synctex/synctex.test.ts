import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { SyncTexAnswer, ToolRunResult } from "@scriptorium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolsTarget, toolUrl, type ToolsTarget } from "../../test/tools-target.js";

/** SyncTeX for real: pdflatex (sandboxed) writes the data, the route reads it. */
let t: ToolsTarget;
beforeAll(async () => {
  t = await createToolsTarget({
    tools: (tools) => {
      const pdflatex = tools.find((x) => x.name === "pdflatex");
      if (pdflatex) pdflatex.timeoutSeconds = 30;
    },
  });
  await writeFile(
    path.join(t.ada, "docs", "my doc.tex"),
    [
      "\\documentclass{article}",
      "\\begin{document}",
      "\\section{Alpha}",
      "Hello world, this is the first paragraph.",
      "",
      "Second paragraph with \\textbf{bold} text.",
      "\\newpage",
      "\\section{Beta}",
      "Another page with a word: zebra.",
      "\\input{part}",
      "\\end{document}",
      "",
    ].join("\n"),
  );
  await writeFile(
    path.join(t.ada, "docs", "part.tex"),
    "Text of the part, line one.\n\nLine three.\n",
  );
  const res = await t.app.inject({
    method: "PATCH",
    url: toolUrl("/docs/my doc.tex", "pdflatex", { destination: "/" }),
    headers: { "x-auth": t.adaToken },
  });
  expect(res.json<ToolRunResult>()).toMatchObject({ ok: true, output: "/docs/my doc.pdf" });
}, 120_000);
afterAll(() => t.close());

/** The middle of a word of the PDF (page from 1, points from the top left), read by pdftotext. */
function wordAt(pdfFile: string, word: string) {
  const xml = execFileSync("pdftotext", ["-bbox", pdfFile, "-"], { encoding: "utf8" });
  const pages = xml.split("<page ").slice(1);
  for (const [i, page] of pages.entries()) {
    const m = new RegExp(
      `xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}<`,
    ).exec(page);
    if (m) {
      const [x0, y0, x1, y1] = m.slice(1).map(Number) as [number, number, number, number];
      return `page=${i + 1}&x=${(x0 + x1) / 2}&y=${(y0 + y1) / 2}`;
    }
  }
  throw new Error(`${word} is not in the PDF`);
}

const get = (url: string, token = t.adaToken) =>
  t.app.inject({ method: "GET", url, headers: { "x-auth": token } });
const pdf = "/api/synctex/docs/my%20doc.pdf";

describe("GET /api/synctex", () => {
  it("goes from a word of the PDF to its source line (sandboxed run: /files paths)", async () => {
    const file = path.join(t.ada, "docs", "my doc.pdf");
    const zebra = await get(`${pdf}?${wordAt(file, "zebra.")}`);
    expect(zebra.statusCode, zebra.body).toBe(200);
    expect(zebra.json<SyncTexAnswer>()).toEqual({ source: { file: "/docs/my doc.tex", line: 9 } });
    const part = await get(`${pdf}?${wordAt(file, "Text")}`);
    expect(part.json<SyncTexAnswer>()).toEqual({ source: { file: "/docs/part.tex", line: 1 } });
  });

  it("goes from a source line to its place in the PDF, best first", async () => {
    const res = await get(`${pdf}?file=${encodeURIComponent("/docs/my doc.tex")}&line=9`);
    expect(res.statusCode, res.body).toBe(200);
    const [box] = res.json<SyncTexAnswer>().boxes ?? [];
    expect(box).toMatchObject({ page: 2 });
    expect(box!.y).toBeLessThan(152);
    expect(box!.y + box!.height).toBeGreaterThan(156);
    // A line that made nothing (\input): the nearest line before it that did.
    const input = await get(`${pdf}?file=${encodeURIComponent("/docs/my doc.tex")}&line=10`);
    expect(input.json<SyncTexAnswer>().boxes?.[0]).toMatchObject({ page: 2 });
  });

  it("404s for a file the PDF was not made from, a page it lacks, a PDF without data", async () => {
    expect((await get(`${pdf}?file=/docs/citlonga.tex&line=3`)).statusCode).toBe(404);
    expect((await get(`${pdf}?page=9&x=100&y=100`)).statusCode).toBe(404);
    await writeFile(path.join(t.ada, "docs", "plain.pdf"), "%PDF-1.4\n");
    expect((await get("/api/synctex/docs/plain.pdf?page=1&x=1&y=1")).statusCode).toBe(404);
    expect((await get("/api/synctex/docs/none.pdf?page=1&x=1&y=1")).statusCode).toBe(404);
  });

  it("maps an unsandboxed run's real paths, and names no file outside the user's", async () => {
    const gz = await readFile(path.join(t.ada, "docs", "my doc.synctex.gz"));
    const { gunzipSync } = await import("node:zlib");
    const text = gunzipSync(gz).toString("utf8");
    expect(text).toMatch(/^Input:1:\/files\/docs\/\.\/my doc\.tex$/m);
    await writeFile(path.join(t.ada, "docs", "real.pdf"), "%PDF-1.4\n");
    await writeFile(
      path.join(t.ada, "docs", "real.synctex.gz"),
      gzipSync(
        text
          .replace("Input:1:/files/docs/./my doc.tex", `Input:1:${t.ada}/docs/./my doc.tex`)
          .replace(/^Input:(\d+):\/files\/docs\/\.\/part\.tex$/m, "Input:$1:/etc/part.tex"),
      ),
    );
    const file = path.join(t.ada, "docs", "my doc.pdf");
    const real = await get(`/api/synctex/docs/real.pdf?${wordAt(file, "zebra.")}`);
    expect(real.json<SyncTexAnswer>()).toEqual({ source: { file: "/docs/my doc.tex", line: 9 } });
    // part.tex now lies outside: its words answer the nearest line of a file that may be named.
    const outside = await get(`/api/synctex/docs/real.pdf?${wordAt(file, "Text")}`);
    expect(outside.body).not.toContain("/etc");
    expect(outside.json<SyncTexAnswer>().source?.file).toBe("/docs/my doc.tex");
  });

  it("400s for bad queries", async () => {
    for (const q of [
      "",
      "page=1",
      "page=1&x=2",
      "page=0&x=1&y=1",
      "page=1&x=abc&y=1",
      "page=1&x=1e400&y=1",
      "page=1&x=1&y=1&file=/docs/part.tex&line=1",
      "file=/docs/part.tex",
      "line=3",
      "file=/docs/part.tex&line=0",
      "file=/docs/part.tex&line=-1",
    ]) {
      const res = await get(`${pdf}?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it("answers the .m.tex line for a pipeline's PDF (the compilers leave no trace of the source line)", async () => {
    const m2lv = await t.app.inject({
      method: "PATCH",
      url: toolUrl("/docs/varia-de-centris.tex", "m2lv"),
      headers: { "x-auth": t.adaToken },
    });
    expect(m2lv.json<ToolRunResult>().ok).toBe(true);
    const tex = "/docs/varia-de-centris_m2lv/varia-de-centris.m.tex";
    const run = await t.app.inject({
      method: "PATCH",
      url: toolUrl(tex, "pdflatex", { destination: "/" }),
      headers: { "x-auth": t.adaToken },
    });
    expect(run.json<ToolRunResult>().ok).toBe(true);
    const res = await get(
      "/api/synctex/docs/varia-de-centris_m2lv/varia-de-centris.m.pdf?page=1&x=200&y=200",
    );
    expect(res.statusCode, res.body).toBe(200);
    const { source } = res.json<SyncTexAnswer>();
    expect(source?.file).toBe(tex);
    expect(source?.origin).toBeUndefined();
  }, 60_000);
});
