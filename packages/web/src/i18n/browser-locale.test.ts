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
