import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { isLocale, LOCALE_CODES, localeDirection, type Locale } from "@scriptorium/shared";
import type en from "./locales/en.json";

export type Translation = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Translation };
  }
}

// Every locale file is small, so all are bundled; a glob (rather than 25 imports) keeps the
// build working while a translation is being added.
const files = import.meta.glob<Translation>("./locales/*.json", { eager: true, import: "default" });

/** Locale code → translation, for every locale file present. */
export const translations: Record<string, Translation> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/|\.json$/g, ""), messages]),
);

/** Maps a stored user locale ("pt_BR", "zh-CN", "it") to one of the 25 interface locales. */
export function normalizeLocale(locale: string | undefined | null): Locale {
  const code = (locale ?? "").trim().toLowerCase().replace(/_/g, "-");
  if (isLocale(code)) return code;
  const base = code.split("-")[0] ?? "";
  return isLocale(base) ? base : "en";
}

/**
 * The first of the browser's languages (navigator.languages, most preferred first) that the
 * interface speaks: the language of every page before login and after logout.
 */
export function browserLocale(languages: readonly string[] = navigatorLanguages()): Locale {
  for (const language of languages) {
    const code = language.trim().toLowerCase().replace(/_/g, "-");
    if (isLocale(code)) return code;
    const base = code.split("-")[0] ?? "";
    if (isLocale(base)) return base;
    // "sv" or "zh-HK": the interface's regional variant of the language.
    const variant = LOCALE_CODES.find((locale) => locale.startsWith(`${base}-`));
    if (variant) return variant;
  }
  return "en";
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function syncDocument(lng: string): void {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  document.documentElement.dir = localeDirection(lng);
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(translations).map(([code, translation]) => [code, { translation }]),
  ),
  lng: "en",
  fallbackLng: "en",
  supportedLngs: LOCALE_CODES,
  lowerCaseLng: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

i18n.on("languageChanged", syncDocument);
syncDocument(i18n.language);

/** Switches the interface language; <html lang> and dir follow (he and ar are rtl). */
export function applyLocale(locale: string | undefined | null): void {
  const lng = normalizeLocale(locale);
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  else syncDocument(lng);
}

export default i18n;
