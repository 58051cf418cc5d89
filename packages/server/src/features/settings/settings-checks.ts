import path from "node:path";
import {
  firstRuleProblem,
  hasControlCharacters,
  isLocale,
  ruleProblemMessage,
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
