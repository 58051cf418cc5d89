import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PageGlobalsSchema } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../test/helpers.js";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function globalsOf(html: string): Record<string, unknown> {
  const match = /window\.FileBrowser=(\{.*?\});window\.__prependStaticUrl/.exec(html);
  if (!match?.[1]) throw new Error("no globals in page");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("the index page", () => {
  it("injects window.FileBrowser with every key, under a CSP nonce", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/files/some/folder/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const globals = globalsOf(res.body);
    const required = Object.keys(PageGlobalsSchema.properties).filter(
      // LoginTexts only once an admin wrote some (issue 31): none by default.
      (k) => !["ReCaptchaHost", "ReCaptchaKey", "LoginTexts"].includes(k),
    );
    expect(globals).not.toHaveProperty("LoginTexts");
    for (const key of required) expect(globals, key).toHaveProperty(key);
    expect(globals).toMatchObject({
      AuthMethod: "json",
      BaseURL: "",
      StaticURL: "/static",
      LoginPage: true,
      NoAuth: false,
      Signup: false,
      TusSettings: { chunkSize: 10485760, retryCount: 5 },
    });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">window.FileBrowser=`);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBeTruthy();
  });

  it("answers every SPA route, with a fresh nonce each time", async () => {
    t = await createTestApp();
    const nonces = new Set<string>();
    for (const url of [
      "/",
      "/login?redirect=%2Ffiles%2F",
      "/settings/profile",
      "/share/abc",
      "/403",
      "/anything/else",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      nonces.add(String(res.headers["content-security-policy"]));
    }
    expect(nonces.size).toBe(6);
  });

  it("HTML-escapes the branding and keeps the globals script-safe", async () => {
    t = await createTestApp({
      settings: (s) => {
        s.branding.name = '</script><script>alert("x")</script>';
        s.branding.color = '"><img src=x>';
      },
    });
    const res = await t.app.inject({ method: "GET", url: "/login" });
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).not.toContain("<img src=x>");
    expect(res.body).toContain(
      "<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>",
    );
    expect(globalsOf(res.body).Name).toBe('</script><script>alert("x")</script>');
  });

  it("sets the captcha keys and script only when both key and secret are set", async () => {
    t = await createTestApp({
      server: (c) => (c.recaptcha = { host: "https://captcha.example", key: "site", secret: "s" }),
    });
    const res = await t.app.inject({ method: "GET", url: "/login" });
    expect(globalsOf(res.body)).toMatchObject({
      ReCaptcha: true,
      ReCaptchaKey: "site",
      ReCaptchaHost: "https://captcha.example",
    });
    expect(res.body).toContain('src="https://captcha.example/recaptcha/api.js?render=explicit"');
    expect(res.headers["content-security-policy"]).toContain("https://captcha.example");
  });
});

describe("API fallbacks and base URL", () => {
  it("answers unknown /api/* routes with 404 JSON, whatever the method", async () => {
    t = await createTestApp();
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/nonexistent" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
  });

  it("serves /health", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/health" });
    expect(res.json()).toEqual({ status: "OK" });
  });

  it("routes with and without the base URL prefix", async () => {
    t = await createTestApp({ app: { baseURL: "/edition/" } });
    expect((await t.app.inject({ method: "GET", url: "/edition/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
    const page = await t.app.inject({ method: "GET", url: "/edition/files/" });
    expect(globalsOf(page.body)).toMatchObject({
      BaseURL: "/edition",
      StaticURL: "/edition/static",
    });
    const token = await t.login();
    const me = await t.app.inject({
      method: "GET",
      url: "/edition/api/users/1",
      headers: { "x-auth": token },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe("the page's own inline script", () => {
  it("runs under the page's nonce (the early data request of a folder opened by URL)", async () => {
    const assets = await mkdtemp(path.join(tmpdir(), "scriptorium-web-"));
    const dist = path.join(assets, "web");
    await mkdir(dist, { recursive: true });
    await writeFile(
      path.join(dist, "index.html"),
      '<html><head><title>x</title><script type=module src="/static/assets/app.js"></script>' +
        "</head><body><script>window.early=1</script></body></html>",
    );
    t = await createTestApp({ app: { webDist: dist } });
    const res = await t.app.inject({ method: "GET", url: "/files/some/folder/" });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">window.early=1</script>`);
    // A script with a source is allowed as 'self', and gets no nonce.
    expect(res.body).toContain('<script type=module src="/static/assets/app.js">');
    expect(res.body.match(/<script>/g)).toBeNull();
    await rm(assets, { recursive: true, force: true });
  });
});

describe("static files", () => {
  it("serves built assets with long caching and the branding logo override", async () => {
    const assets = await mkdtemp(path.join(tmpdir(), "scriptorium-web-"));
    const dist = path.join(assets, "web");
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await mkdir(path.join(dist, "img"), { recursive: true });
    await writeFile(
      path.join(dist, "index.html"),
      '<html><head><title>x</title><script type=module src="/static/assets/app-abc.js"></script></head><body></body></html>',
    );
    await writeFile(path.join(dist, "assets", "app-abc.js"), "console.log(1)");
    await writeFile(path.join(dist, "img", "logo.svg"), "<svg>built</svg>");
    const branding = path.join(assets, "branding");
    await mkdir(path.join(branding, "img"), { recursive: true });
    await writeFile(path.join(branding, "img", "logo.svg"), "<svg>custom</svg>");
    await writeFile(path.join(branding, "custom.css"), "body{}");
    t = await createTestApp({
      app: { webDist: dist, baseURL: "/b" },
      settings: (s) => (s.branding.files = branding),
    });

    const asset = await t.app.inject({ method: "GET", url: "/b/static/assets/app-abc.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const logo = await t.app.inject({ method: "GET", url: "/b/static/img/logo.svg" });
    expect(logo.body).toBe("<svg>custom</svg>");
    const page = await t.app.inject({ method: "GET", url: "/b/login" });
    expect(page.body).toContain('src="/b/static/assets/app-abc.js"');
    expect(page.body).toContain('href="/b/static/custom.css"');
    expect(globalsOf(page.body).CSS).toBe(true);
    const missing = await t.app.inject({ method: "GET", url: "/b/static/nope.js" });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: "GET", url: "/b/static/img/..%2F..%2Ftest.db" });
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain("SQLite");
    await rm(assets, { recursive: true, force: true });
  });
});
