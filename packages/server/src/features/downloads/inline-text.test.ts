import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Share } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { perm } from "../../test/attack-target.js";
import { inlineContentType } from "./content-headers.js";

describe("inlineContentType", () => {
  it.each([
    ["application/x-tex; charset=utf-8", "text/plain; charset=utf-8"],
    ["application/x-latex; charset=utf-8", "text/plain; charset=utf-8"],
    ["application/x-bibtex; charset=utf-8", "text/plain; charset=utf-8"],
    ["text/markdown; charset=utf-8", "text/plain; charset=utf-8"],
    ["text/csv; charset=utf-8", "text/plain; charset=utf-8"],
    ["application/x-sh; charset=utf-8", "text/plain; charset=utf-8"],
    ["application/yaml; charset=utf-8", "text/plain; charset=utf-8"],
  ])("%s → %s", (given, shown) => expect(inlineContentType(given)).toBe(shown));

  it.each([
    "text/plain; charset=utf-8",
    "text/html; charset=utf-8",
    "text/css; charset=utf-8",
    "application/javascript; charset=utf-8",
    "application/json; charset=utf-8",
    "image/svg+xml; charset=utf-8",
    "application/xhtml+xml; charset=utf-8",
    "text/vtt; charset=utf-8",
    "image/png",
    "application/pdf",
    "application/octet-stream",
  ])("%s is kept", (type) => expect(inlineContentType(type)).toBe(type));
});

let t: TestContext;
let token: string;
const TEX = "\\section{Liber}\n\\VV{{A:unus}{B:duo}}\n";

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: { scope: "/ada", perm: perm() },
  });
  const ed = path.join(t.root, "ada", "ed");
  await mkdir(ed, { recursive: true });
  await writeFile(path.join(ed, "liber.tex"), TEX);
  await writeFile(path.join(ed, "notes.md"), "# Notae\n");
  await writeFile(path.join(ed, "page.html"), "<p>pagina</p>");
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

async function share(p: string): Promise<Share> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/share${p}`,
    headers: { "x-auth": token, "content-type": "text/plain" },
    payload: "{}",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Share>();
}

/** Shown as text in the tab: text/plain, inline, not sniffed. */
function expectText(res: Awaited<ReturnType<typeof get>>, body: string): void {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(String(res.headers["content-disposition"])).toMatch(/^inline;/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.body).toBe(body);
}

describe("text served inline is text/plain (issue 31)", () => {
  it("/api/raw ?inline=true; the download keeps application/x-tex as an attachment", async () => {
    expectText(await get("/api/raw/ed/liber.tex?inline=true", { "x-auth": token }), TEX);
    expectText(await get("/api/raw/ed/notes.md?inline=true", { "x-auth": token }), "# Notae\n");
    const saved = await get("/api/raw/ed/liber.tex", { "x-auth": token });
    expect(saved.headers["content-type"]).toBe("application/x-tex; charset=utf-8");
    expect(String(saved.headers["content-disposition"])).toMatch(/^attachment;/);
  });

  it("/api/raw-inline → the capability route", async () => {
    const minted = await get("/api/raw-inline/ed/liber.tex", { cookie: `auth=${token}` });
    expect(minted.statusCode).toBe(302);
    expectText(await get(String(minted.headers.location)), TEX);
    const page = await get(String(minted.headers.location).replace(/liber\.tex$/, "page.html"));
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("a file link: Open (public-inline) and ?inline=true; its download stays an attachment", async () => {
    const { hash } = await share("/ed/liber.tex");
    expectText(await get(`/api/public-inline/dl/${hash}/index.html`), TEX);
    expectText(await get(`/api/public/dl/${hash}?inline=true`), TEX);
    const saved = await get(`/api/public/dl/${hash}`);
    expect(saved.headers["content-type"]).toBe("application/x-tex; charset=utf-8");
    expect(String(saved.headers["content-disposition"])).toMatch(/^attachment;/);
  });

  it("a folder link: Open of its .tex through the capability", async () => {
    const { hash } = await share("/ed/");
    const go = await get(`/api/public-inline/dl/${hash}/liber.tex`);
    expect(go.statusCode).toBe(302);
    expectText(await get(String(go.headers.location)), TEX);
  });
});
