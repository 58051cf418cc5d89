import path from "node:path";
import {
  contactKind,
  EMPTY_LOGIN_TEXTS,
  LOGIN_CONTACT_MAX,
  LOGIN_DESCRIPTION_MAX,
  firstRuleProblem,
  hasControlCharacters,
  isLocale,
  ruleProblemMessage,
  type LoginTexts,
  type Rule,
  type SettingsPut,
} from "@scriptorium/shared";
import { AppError, badRequest } from "../../errors.js";

/** A CSS colour as branding takes it: #rgb(a), #rrggbb(aa), a name, or rgb()/hsl() notation. */
const COLOUR =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]{1,60}\))$/i;

export function checkRules(rules: readonly Rule[]): void {
  const problem = firstRuleProblem(rules);
  if (problem) throw new AppError("INVALID_RULE", ruleProblemMessage(problem));
}

/** Normalises a "/"-rooted folder below the files root: no `..`, no control characters. */
export function cleanBasePath(raw: string, what: string): string {
  const text = raw.trim();
  if (text === "") return "";
  if (hasControlCharacters(text)) throw badRequest(`${what} must not contain control characters`);
  if (text.split(/[\\/]/).includes("..")) throw badRequest(`${what} must not contain ".."`);
  const normal = path.posix.normalize("/" + text).replace(/\/+$/, "");
  return normal === "" ? "/" : normal;
}

/**
 * The support folders of the edition tools (issue 30): absolute paths on the server, without
 * control characters (nor `:` or `;`, which would split TeX's search paths), normalised, each
 * once.
 */
export function checkSupportFolders(folders: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of folders) {
    const folder = raw.trim();
    if (!path.isAbsolute(folder) || hasControlCharacters(folder) || /[:;]/.test(folder)) {
      throw badRequest(
        `A support folder must be an absolute path on the server, without control characters, ":" or ";": ${JSON.stringify(raw)}`,
      );
    }
    const normal = path.posix.normalize(folder).replace(/(.)\/+$/, "$1");
    if (!out.includes(normal)) out.push(normal);
  }
  return out;
}

/** The "Report issue" address: empty, or an absolute http(s) or mailto: URL. */
export function cleanReportUrl(raw: string | undefined): string {
  const text = (raw ?? "").trim();
  if (text === "") return "";
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    hasControlCharacters(text) ||
    !["http:", "https:", "mailto:"].includes(url.protocol)
  ) {
    throw badRequest(
      "The report address must be an http(s) address or a mailto: address, such as https://example.org/issues/new",
    );
  }
  return text;
}

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** A map of texts per language: known languages only, each text trimmed, empty ones dropped. */
function cleanPerLanguage(
  texts: Record<string, string>,
  what: string,
  check: (text: string, locale: string) => void,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [locale, raw] of Object.entries(texts)) {
    if (!isLocale(locale)) throw badRequest(`Unknown language for the ${what}: ${locale}`);
    const text = raw.replace(/\r\n?/g, "\n").trim();
    if (text === "") continue;
    check(text, locale);
    out[locale] = text;
  }
  return out;
}

/**
 * The login page's texts (issue 31): descriptions of at most 2,000 characters (line breaks
 * kept), contacts that are an e-mail address or an http(s) address, a known fallback language.
 */
export function cleanLoginTexts(raw: LoginTexts | undefined): LoginTexts {
  if (!raw) return { ...EMPTY_LOGIN_TEXTS };
  const description = cleanPerLanguage(raw.description, "login description", (text, locale) => {
    if (text.length > LOGIN_DESCRIPTION_MAX || CONTROL_BUT_LINES.test(text)) {
      throw badRequest(
        `The login description (${locale}) must be at most ${LOGIN_DESCRIPTION_MAX} characters, without control characters`,
      );
    }
  });
  const contact = cleanPerLanguage(raw.contact, "login contact", (text, locale) => {
    if (text.length > LOGIN_CONTACT_MAX || hasControlCharacters(text) || !contactKind(text)) {
      throw badRequest(
        `The login contact (${locale}) must be an e-mail address or an http(s) address of at most ${LOGIN_CONTACT_MAX} characters, such as edition@example.org`,
      );
    }
  });
  const fallback = raw.fallback.trim();
  if (fallback !== "" && !isLocale(fallback)) {
    throw badRequest(`Unknown fallback language for the login texts: ${fallback}`);
  }
  return { description, contact, fallback };
}

/**
 * Everything PUT /api/settings checks beyond the schema; throws a 400 naming the field.
 * Returns the values as they are stored.
 */
export function checkSettings(body: SettingsPut) {
  const locale = body.defaults.locale || "en";
  if (!isLocale(locale)) throw badRequest(`Unknown locale: ${locale}`);
  checkRules(body.rules);
  const color = body.branding.color.trim();
  if (color !== "" && !COLOUR.test(color)) {
    throw badRequest(
      `The branding colour must be a CSS colour such as #2979ff, not ${JSON.stringify(color)}`,
    );
  }
  const files = body.branding.files.trim();
  if (files !== "" && (!path.isAbsolute(files) || hasControlCharacters(files))) {
    throw badRequest("The branding folder must be an absolute path on the server");
  }
  if (body.branding.name.length > 100 || hasControlCharacters(body.branding.name)) {
    throw badRequest("The product name must be at most 100 characters, without control characters");
  }
  if (hasControlCharacters(body.defaults.scope))
    throw badRequest("The default scope must not contain control characters");
  const reportUrl = cleanReportUrl(body.branding.reportUrl);
  return {
    locale,
    color,
    files,
    reportUrl,
    userHomeBasePath:
      cleanBasePath(body.userHomeBasePath, "The home folders' base path") || "/users",
  };
}
