/** The 25 interface locales of SPEC.md §1, with their own names for the language picker. */
export const LOCALES = {
  ar: "العربية",
  ca: "Català",
  de: "Deutsch",
  el: "Ελληνικά",
  en: "English",
  es: "Español",
  fr: "Français",
  he: "עברית",
  hu: "Magyar",
  is: "Íslenska",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  "nl-be": "Nederlands (België)",
  pl: "Polski",
  "pt-br": "Português (Brasil)",
  pt: "Português",
  ro: "Română",
  ru: "Русский",
  sk: "Slovenčina",
  "sv-se": "Svenska",
  tr: "Türkçe",
  uk: "Українська",
  "zh-cn": "中文 (简体)",
  "zh-tw": "中文 (繁體)",
} as const;

export type Locale = keyof typeof LOCALES;
export const LOCALE_CODES = Object.keys(LOCALES) as Locale[];
export const RTL_LOCALES: readonly Locale[] = ["ar", "he"];

export function isLocale(value: string): value is Locale {
  return Object.hasOwn(LOCALES, value);
}

/** Text direction of a locale: `he` and `ar` read right to left. */
export function localeDirection(locale: string): "rtl" | "ltr" {
  return (RTL_LOCALES as readonly string[]).includes(locale) ? "rtl" : "ltr";
}
