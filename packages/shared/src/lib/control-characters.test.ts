import { describe, expect, it } from "vitest";
import { hasControlCharacters } from "./control-characters.js";

describe("hasControlCharacters", () => {
  it("finds C0, DEL, C1 and the Unicode line separators anywhere in the text", () => {
    for (const c of [
      "\u0000",
      "\t",
      "\n",
      "\u001f",
      "\u007f",
      "\u0085",
      "\u009f",
      "\u2028",
      "\u2029",
    ]) {
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
  });

  it("lets printable text through, accents, spaces and emoji included", () => {
    for (const text of [
      "",
      "ada",
      "Édition Maurolico",
      "/users/ada lovelace",
      "naïve ✓ 📜",
      "\u00a0",
    ]) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });
});
