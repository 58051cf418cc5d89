import { existsSync } from "node:fs";
import path from "node:path";
import type { LoginTexts, PageGlobals, ServerConfig, Settings } from "@scriptorium/shared";
import { recaptchaEnabled } from "../features/auth/recaptcha.js";

/** `window.FileBrowser`: every key of API.md §11.2. */
export function pageGlobals(
  settings: Settings,
  server: ServerConfig,
  baseURL: string,
  version: string,
): PageGlobals {
  const json = server.authMethod === "json";
  const captcha = json && recaptchaEnabled(server.recaptcha);
  const { branding } = settings;
  return {
    AuthMethod: server.authMethod,
    BaseURL: baseURL,
    CSS: branding.files !== "" && existsSync(path.join(branding.files, "custom.css")),
    Color: branding.color,
    DisableExternal: branding.disableExternal,
    DisableUsedPercentage: branding.disableUsedPercentage,
    EditionTools: settings.tools.tools.filter((tool) => tool.enabled).map((tool) => tool.name),
    EnableExec: server.enableExec,
    EnableThumbs: server.enableThumbnails,
    LoginPage: json,
    Name: branding.name,
    NoAuth: server.authMethod === "noauth",
    ReCaptcha: captcha,
    ...(json && server.recaptcha.key !== ""
      ? { ReCaptchaHost: server.recaptcha.host, ReCaptchaKey: server.recaptcha.key }
      : {}),
    ResizePreview: server.resizePreview,
    Signup: settings.signup,
    StaticURL: `${baseURL}/static`,
    Theme: branding.theme,
    TusSettings: settings.tus,
    Version: version,
    ReportURL: branding.reportUrl ?? "",
    MinimumPasswordLength: server.minimumPasswordLength,
    ...(branding.login && hasLoginTexts(branding.login) && { LoginTexts: branding.login }),
  };
}

/** True when the login page has a description or a contact in some language. */
function hasLoginTexts(login: LoginTexts): boolean {
  return Object.keys(login.description).length > 0 || Object.keys(login.contact).length > 0;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON that is safe inside an inline <script>: no `<`, `>`, `&` or line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
