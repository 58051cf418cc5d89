import { describe, expect, it } from "vitest";
import { languageFor, normalizeExtension, wrapsLines } from "./languages";

describe("editor languages", () => {
  it.each([
    [".tex", "maurotex"],
    [".TEX", "maurotex"],
    [".ltx", "latex"],
    [".sty", "latex"],
    [".cls", "latex"],
    [".bib", "latex"],
    [".js", "javascript"],
    [".mjs", "javascript"],
    [".jsx", "jsx"],
    [".ts", "typescript"],
    [".tsx", "tsx"],
    [".json", "json"],
    [".html", "html"],
    [".HTM", "html"],
    [".css", "css"],
    [".md", "markdown"],
    [".xml", "xml"],
    [".svg", "xml"],
    [".py", "python"],
    [".txt", "plain"],
    [".log", "plain"],
    [".bashrc", "plain"],
    ["", "plain"],
  ])("%s → %s", (extension, language) => {
    expect(languageFor(extension)).toBe(language);
  });

  it("takes a file name as well as an extension, using the last dot", () => {
    expect(languageFor("varia-de-centris.tex")).toBe("maurotex");
    expect(languageFor("archive.tar.gz")).toBe("plain");
    expect(languageFor("README")).toBe("plain");
    expect(languageFor("notes.tex.bak")).toBe("plain");
    expect(normalizeExtension("Figura.TeX")).toBe("tex");
  });

  it("wraps long lines only for prose", () => {
    expect(wrapsLines(".tex")).toBe(true);
    expect(wrapsLines("README.md")).toBe(true);
    expect(wrapsLines("notes.TXT")).toBe(true);
    expect(wrapsLines(".sty")).toBe(false);
    expect(wrapsLines(".js")).toBe(false);
    expect(wrapsLines("README")).toBe(false);
  });
});
