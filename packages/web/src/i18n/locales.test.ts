import { describe, expect, it } from "vitest";
import { LOCALE_CODES } from "@scriptorium/shared";

// Raw JSON of every file in the folder, so a missing locale is reported by name.
const files = import.meta.glob<unknown>("./locales/*.json", { eager: true, import: "default" });
const byCode = new Map(
  Object.entries(files).map(([path, json]) => [path.replace(/^.*\/|\.json$/g, ""), json]),
);

const EXPECTED = [
  "he",
  "hu",
  "ar",
  "ca",
  "de",
  "el",
  "en",
  "es",
  "fr",
  "is",
  "it",
  "ja",
  "ko",
  "nl-be",
  "pl",
  "pt-br",
  "pt",
  "ro",
  "ru",
  "sk",
  "sv-se",
  "tr",
  "uk",
  "zh-cn",
  "zh-tw",
];

/** Flattens nested messages to "a.b.c" → value. Non-string leaves are kept to be reported. */
function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(byCode.get("en"));

/** i18next's plural suffixes (CLDR categories): "a_one", "a_other" in en are one key "a". */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a locale must have, each with its English source: en's, where a plural key has
 * the forms of the locale's own plural rules (Russian one/few/many/other, Japanese other…).
 */
function keysFor(code: string): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  for (const [key, source] of en) {
    if (!PLURAL.test(key)) keys.set(key, source);
    else if (key.endsWith("_other")) {
      const base = key.replace(PLURAL, "");
      for (const category of categories) keys.set(`${base}_${category}`, source);
    }
  }
  return keys;
}

describe("locale files", () => {
  it("are exactly the 25 interface locales", () => {
    expect([...LOCALE_CODES].sort()).toEqual([...EXPECTED].sort());
    expect([...byCode.keys()].sort()).toEqual([...EXPECTED].sort());
  });

  it("en has only non-empty string messages", () => {
    expect(en.size).toBeGreaterThan(0);
    for (const [key, value] of en) {
      expect(typeof value, key).toBe("string");
      expect((value as string).trim(), key).not.toBe("");
    }
  });

  describe.each(EXPECTED.filter((code) => code !== "en"))("%s", (code) => {
    it("exists", () => {
      expect(byCode.has(code), `${code}.json is missing`).toBe(true);
    });

    it("has exactly the keys of en, none empty, with the same placeholders", () => {
      const messages = flatten(byCode.get(code));
      const expected = keysFor(code);
      const missing = [...expected.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !expected.has(key));
      expect(missing, `${code}: missing keys`).toEqual([]);
      expect(extra, `${code}: extra keys`).toEqual([]);
      for (const [key, source] of expected) {
        const value = messages.get(key);
        expect(typeof value, `${code}: ${key} is not a string`).toBe("string");
        expect((value as string).trim(), `${code}: ${key} is empty`).not.toBe("");
        expect(placeholders(value as string), `${code}: ${key} placeholders`).toEqual(
          placeholders(source as string),
        );
      }
    });
  });
});
