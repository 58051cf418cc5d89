import { describe, expect, it } from "vitest";
import { browserLocale } from "./index";

describe("browserLocale", () => {
  it("takes the first of the browser's languages that the interface speaks", () => {
    expect(browserLocale(["it-IT", "en-US"])).toBe("it");
    expect(browserLocale(["x-klingon", "ar-EG"])).toBe("ar");
    expect(browserLocale(["pt-BR"])).toBe("pt-br");
    expect(browserLocale(["zh-TW", "en"])).toBe("zh-tw");
  });
  it("falls back to a regional variant, then to English", () => {
    expect(browserLocale(["sv"])).toBe("sv-se");
    expect(browserLocale(["eo"])).toBe("en");
    expect(browserLocale([])).toBe("en");
  });
});

describe("languages on demand", () => {
  it("starts with English only and loads a language when it is applied", async () => {
    const { default: i18n, applyLocale } = await import("./index");
    expect(i18n.hasResourceBundle("ja", "translation")).toBe(false);
    await applyLocale("ja");
    expect(i18n.hasResourceBundle("ja", "translation")).toBe(true);
    expect(i18n.language).toBe("ja");
    expect(document.documentElement.lang).toBe("ja");
    await applyLocale("he");
    expect(document.documentElement.dir).toBe("rtl");
    await applyLocale("en");
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("lets the last of overlapping switches win", async () => {
    const { default: i18n, applyLocale } = await import("./index");
    await Promise.all([applyLocale("ko"), applyLocale("it")]);
    expect(i18n.language).toBe("it");
    await applyLocale("en");
  });
});
