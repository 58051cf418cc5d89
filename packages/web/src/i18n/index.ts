import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { isLocale, LOCALE_CODES, localeDirection, type Locale } from "@scriptorium/shared";
import en from "./locales/en.json";

export type Translation = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Translation };
  }
}

// English is in the page (the fallback of every key); every other language is a chunk of its
// own, loaded when it is first needed, so the first page does not carry 25 languages (issue 16).
// A glob (rather than 24 imports) keeps the build working while a translation is being added.
const loaders = import.meta.glob<Translation>(["./locales/*.json", "!./locales/en.json"], {
  import: "default",
});
const loaderOf = (lng: string) => loaders[`./locales/${lng}.json`];

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
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
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

/** Loads a language's translation (once); English is always there. */
export async function loadLocale(lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, "translation")) return;
  const loader = loaderOf(lng);
  if (!loader) return;
  i18n.addResourceBundle(lng, "translation", await loader(), true, true);
}

let latest = 0;

/**
 * Switches the interface language once its translation is loaded; <html lang> and dir follow
 * (he and ar are rtl). When calls overlap, the last one wins. A language that fails to load
 * leaves the page as it is (its words would be English anyway).
 */
export async function applyLocale(locale: string | undefined | null): Promise<void> {
  const lng = normalizeLocale(locale);
  const call = ++latest;
  try {
    await loadLocale(lng);
  } catch (err) {
    console.warn(`the ${lng} translation could not be loaded`, err);
    return;
  }
  if (call !== latest) return;
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  else syncDocument(lng);
}

export default i18n;
