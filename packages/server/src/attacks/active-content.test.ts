import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Settings } from "@scriptorium/shared";
import { enc, expectSafe, jsonOf, startTarget, type Target } from "../test/attack-target.js";

/**
 * Active content and headers (File Browser advisories on stored XSS through uploaded HTML and
 * SVG; API.md Part A §11): user files never run scripts with the app's origin. Downloads are
 * attachments under `script-src 'none'` and a sandbox; inline pages run in a sandbox without
 * the app's origin, pop-ups or same-origin access; nothing is sniffed into HTML.
 */
let target: Target;

const SCRIPT = "<script>fetch('/api/users/1',{headers:{'X-Auth':localStorage.jwt}})</script>";
const ACTIVE: [string, string][] = [
  ["page.html", `<html><body>${SCRIPT}</body></html>`],
  ["page.htm", SCRIPT],
  ["page.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`],
  ["pic.svg", `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`],
  [
    "data.xml",
    `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
  ],
  ["code.js", "alert(document.cookie)"],
  ["no-extension", `<!DOCTYPE html>${SCRIPT}`],
  ["fake.png", `<html>${SCRIPT}</html>`],
  ["fake.txt", `<html>${SCRIPT}</html>`],
  ["page.shtml", SCRIPT],
];

beforeAll(async () => {
  target = await startTarget();
  for (const [name, body] of ACTIVE) await writeFile(path.join(target.ada, "pub", name), body);
});
afterAll(() => target.close());

function csp(res: { headers: Record<string, string | string[] | undefined> }): string {
  return String(res.headers["content-security-policy"] ?? "");
}

describe("downloads of active content", () => {
  for (const [name] of ACTIVE) {
    for (const inline of [false, true]) {
      it(`${name}${inline ? " ?inline=true" : ""}: sandboxed, no scripts, not sniffed`, async () => {
        const res = await target.as(
          "ada",
          `/api/raw/pub/${enc(name)}${inline ? "?inline=true" : ""}`,
        );
        expectSafe(target, res, name);
        expect(res.status).toBe(200);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(csp(res)).toMatch(/script-src 'none'/);
        expect(csp(res)).toMatch(/(^|;\s*)sandbox(;|$)/);
        expect(String(res.headers["content-disposition"])).toMatch(
          inline ? /^inline;/ : /^attachment;/,
        );
      });
    }
  }
});

describe("inline pages (the capability route)", () => {
  for (const name of ["page.html", "pic.svg", "page.xhtml", "no-extension"]) {
    it(`${name}: a sandbox without same-origin, pop-ups or top navigation`, async () => {
      const minted = await target.as("ada", `/api/raw-inline/pub/${enc(name)}`);
      expect(minted.status).toBe(302);
      const res = await target.send(String(minted.headers.location));
      expectSafe(target, res, name);
      const policy = csp(res);
      expect(policy).toMatch(/(^|;\s*)sandbox\b/);
      for (const token of ["allow-same-origin", "allow-popups", "allow-top-navigation"]) {
        expect(policy, token).not.toContain(token);
      }
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["set-cookie"]).toBeUndefined();
    });
  }
});

describe("hostile file names in headers", () => {
  const names = [
    'quote".html',
    "semi;colon.html",
    "new\r\nX-Injected: yes.html",
    "tab\there.html",
    "percent%22.html",
    "ünïcødé ✓.html",
    "back\\slash.html",
  ];
  for (const name of names) {
    it(`Content-Disposition for ${JSON.stringify(name)}`, async () => {
      await writeFile(path.join(target.ada, "pub", name), SCRIPT);
      const res = await target.as("ada", `/api/raw/pub/${enc(name)}`);
      expectSafe(target, res, name);
      // A backslash is a separator in request paths (API.md Part A §1): that name is not reachable.
      if (name.includes("\\")) {
        expect(res.status).toBe(404);
        return;
      }
      expect(res.status).toBe(200);
      expect(res.headers["x-injected"]).toBeUndefined();
      const disposition = String(res.headers["content-disposition"]);
      expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=utf-8''[^\s"]+$/);
    });
  }
});

describe("API answers", () => {
  for (const [name, url] of [
    ["a listing", "/api/resources/pub"],
    ["file info of an HTML file", "/api/resources/pub/page.html"],
    ["an error", "/api/resources/missing"],
    ["an unknown route", "/api/nope"],
    ["usage", "/api/usage/"],
  ] as const) {
    it(`${name}: JSON, nosniff, not cached, not framed by others`, async () => {
      const res = await target.as("ada", url);
      expectSafe(target, res, url);
      expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(res.headers["cache-control"])).toMatch(/no-store/);
      expect(csp(res)).toMatch(/frame-ancestors 'self'/);
    });
  }

  it("no cross-origin reads: no CORS headers for a foreign Origin, no preflight", async () => {
    const origin = { origin: "https://evil.example" };
    const get = await target.as("ada", "/api/resources/", { headers: origin });
    expect(get.headers["access-control-allow-origin"]).toBeUndefined();
    expect(get.headers["access-control-allow-credentials"]).toBeUndefined();
    const preflight = await target.send("/api/resources/x", {
      method: "OPTIONS",
      headers: { ...origin, "access-control-request-method": "DELETE" },
    });
    expectSafe(target, preflight, "preflight");
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("a subtitle with markup is served as WebVTT, never as HTML", async () => {
    await writeFile(
      path.join(target.ada, "pub", "x.srt"),
      `1\n00:00:01,000 --> 00:00:02,000\n${SCRIPT}\n`,
    );
    const res = await target.as("ada", "/api/subtitle/pub/x.srt");
    expectSafe(target, res, "subtitle");
    expect(String(res.headers["content-type"])).toMatch(/^text\/vtt/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a preview of an SVG (sent as it is) runs no script: sandbox and script-src 'none'", async () => {
    for (const size of ["thumb", "big"]) {
      const res = await target.as("ada", `/api/preview/${size}/pub/pic.svg`);
      expectSafe(target, res, "svg preview");
      expect(res.status).toBe(200);
      expect(csp(res)).toMatch(/script-src 'none'/);
      expect(csp(res)).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("login texts with markup stay text inside the page's globals; a javascript: contact is refused", async () => {
    const settings = jsonOf<Settings>(await target.as("admin", "/api/settings"));
    const put = (login: unknown) =>
      target.as("admin", "/api/settings", {
        method: "PUT",
        body: JSON.stringify({ ...settings, branding: { ...settings.branding, login } }),
      });
    const refused = await put({
      description: {},
      contact: { en: "javascript:alert(document.cookie)" },
      fallback: "",
    });
    expect(refused.status).toBe(400);
    const saved = await put({
      description: { en: `</script>${SCRIPT}<!--` },
      contact: { en: "https://example.org/<script>" },
      fallback: "",
    });
    expect(saved.status).toBe(200);
    try {
      const page = await target.as(undefined, "/login");
      const html = page.body.toString();
      // One inline script (the globals), whatever the texts hold.
      expect(html.match(/<script>|<\/script>/g)?.filter((tag) => tag === "</script>")).toHaveLength(
        (html.match(/<script[\s>]/g) ?? []).length,
      );
      expect(html).not.toContain(SCRIPT);
      expect(html).toContain("\\u003c/script\\u003e");
    } finally {
      await put({ description: {}, contact: {}, fallback: "" });
    }
  });
});
