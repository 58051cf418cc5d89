import { randomBytes } from "node:crypto";
import { existsSync, realpathSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { routes } from "@scriptorium/shared";
import { defineRoute } from "../http/route.js";
import type { SettingsStore } from "../features/settings/settings.store.js";
import { escapeHtml, pageGlobals, scriptSafeJson } from "./page-globals.js";
import { routeNotFound } from "./error-handler.js";

const FALLBACK_INDEX = `<!doctype html>
<html><head><meta charset="utf-8"><title>Scriptorium</title></head>
<body><div id="root"></div><p>The web app has not been built: run <code>npm run build</code>.</p></body></html>`;

/** Which `Cache-Control` a static file gets: hashed build assets are immutable. */
function cacheHeader(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=86400";
}

function contentSecurityPolicy(nonce: string, captchaHost?: string): string {
  const extra = captchaHost ? ` ${captchaHost} https://www.gstatic.com` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * Serves the built web app: assets under /static/ (branding overrides for img/* and custom.css),
 * and for every other GET the index page with `window.FileBrowser` injected (API.md §11).
 * Unknown /api/* paths answer 404 JSON, never the page.
 */
export function registerWebApp(
  app: FastifyInstance,
  opts: { webDist: string; baseURL: string; version: string; settings: SettingsStore },
): void {
  const indexFile = path.join(opts.webDist, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : FALLBACK_INDEX;
  if (!existsSync(indexFile)) app.log.warn({ indexFile }, "web app not built; serving a stub page");

  async function renderIndex(_request: FastifyRequest, reply: FastifyReply) {
    const [settings, server] = await Promise.all([
      opts.settings.getSettings(),
      opts.settings.getServerConfig(),
    ]);
    const globals = pageGlobals(settings, server, opts.baseURL, opts.version);
    const nonce = randomBytes(16).toString("base64");
    const name = escapeHtml(globals.Name || "Scriptorium");
    const color = escapeHtml(globals.Color || "#2979ff");
    const staticURL = globals.StaticURL;
    const captcha = globals.ReCaptcha
      ? `<script nonce="${nonce}" src="${escapeHtml(globals.ReCaptchaHost ?? "")}/recaptcha/api.js?render=explicit" async defer></script>`
      : "";
    const head = [
      `<meta name="robots" content="noindex,nofollow">`,
      `<meta name="theme-color" content="${color}">`,
      `<script nonce="${nonce}">window.FileBrowser=${scriptSafeJson(globals)};`,
      `window.__prependStaticUrl=function(u){return ${scriptSafeJson(staticURL)}+"/"+String(u).replace(/^\\/+/,"")};</script>`,
      captcha,
    ].join("");
    const css = globals.CSS
      ? `<link rel="stylesheet" href="${escapeHtml(staticURL)}/custom.css">`
      : "";
    const html = template
      .replaceAll("/static/", `${staticURL}/`)
      // The page's own inline script (its early data request) runs under the CSP's nonce.
      .replaceAll("<script>", `<script nonce="${nonce}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
      .replace("</head>", `${head}</head>`)
      .replace("</body>", `${css}</body>`);
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache, no-store, must-revalidate")
      .header(
        "Content-Security-Policy",
        contentSecurityPolicy(nonce, globals.ReCaptcha ? globals.ReCaptchaHost : undefined),
      )
      .send(html);
  }

  async function brandingFile(relative: string): Promise<string | undefined> {
    const { branding } = await opts.settings.getSettings();
    if (!branding.files) return undefined;
    const base = path.resolve(branding.files);
    const candidate = path.resolve(base, relative);
    // Only <files>/img/* and <files>/custom.css: `img/../notes.txt` is not an image of the
    // branding, even when the folder holds more (an admin may point it at a shared folder).
    const images = path.join(base, "img");
    const allowed =
      candidate === path.join(base, "custom.css") || candidate.startsWith(images + path.sep);
    if (!allowed || !existsSync(candidate)) return undefined;
    // A link in the folder must not lead out of it.
    const real = realpathSync(candidate);
    const realBase = realpathSync(base);
    if (
      real !== path.join(realBase, "custom.css") &&
      !real.startsWith(path.join(realBase, "img") + path.sep)
    ) {
      return undefined;
    }
    return candidate;
  }

  void app.register(fastifyStatic, {
    root: path.resolve(opts.webDist),
    // Only `reply.sendFile`: the route below serves, so branding overrides can come first.
    serve: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      void res.header("Cache-Control", cacheHeader(filePath));
    },
  });

  // Branding overrides come first; the built file is the fallback.
  defineRoute(app, routes.staticFile, async ({ request, reply }) => {
    const rel = (request.params as { "*": string })["*"];
    if (rel === "" || rel.endsWith("/")) return reply.callNotFound();
    if (rel.startsWith("img/") || rel === "custom.css") {
      const override = await brandingFile(rel);
      if (override) {
        return reply
          .header("Cache-Control", "public, max-age=86400")
          .sendFile(path.basename(override), path.dirname(override));
      }
    }
    return reply.sendFile(rel);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/static/")) {
      throw routeNotFound(url);
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw routeNotFound(url);
    }
    return renderIndex(request, reply);
  });
}
