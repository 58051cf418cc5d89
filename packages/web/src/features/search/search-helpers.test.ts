import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight";
import { hasComment, hasType, toggleComment, toggleType } from "./query-types";
import { resultUrl } from "./result-url";
import { searchUrl } from "./search-api";

describe("resultUrl", () => {
  it("is /files + folder + encoded path, with a slash for folders and ?line= for text hits", () => {
    expect(resultUrl("/", { dir: false, path: "a b/c%d.tex" })).toBe("/files/a%20b/c%25d.tex");
    expect(resultUrl("/Opere/", { dir: true, path: "Libro I" })).toBe("/files/Opere/Libro%20I/");
    expect(resultUrl("/Opere", { dir: true, path: "Libro I/" })).toBe("/files/Opere/Libro%20I/");
    expect(resultUrl("/Opere/", { dir: false, path: "a.tex", line: 7 })).toBe(
      "/files/Opere/a.tex?line=7",
    );
    expect(resultUrl("/", { dir: false, path: "?#.txt" })).toBe("/files/%3F%23.txt");
  });
});

describe("searchUrl", () => {
  it("sends the folder with a trailing slash and the whole query through encodeURIComponent", () => {
    expect(searchUrl({ folder: "/a b", query: 'x "y z" type:pdf', content: false })).toBe(
      "/api/search/a%20b/?query=x%20%22y%20z%22%20type%3Apdf",
    );
    expect(searchUrl({ folder: "/", query: "&", content: true })).toBe(
      "/api/search/?query=%26&content=true",
    );
  });
});

describe("type buttons", () => {
  it("add the token at the end, once, and take it out again", () => {
    expect(toggleType("", "image")).toBe("type:image");
    expect(toggleType("folio  ", "image")).toBe("folio type:image");
    expect(toggleType("folio type:image", "image")).toBe("folio");
    expect(toggleType("type:image folio", "image")).toBe("folio");
    expect(toggleType('"a  b" type:pdf x', "pdf")).toBe('"a  b" x');
    expect(hasType("type:images", "image")).toBe(false);
    expect(hasType("a type:image", "image")).toBe(true);
  });
});

describe("highlightParts", () => {
  const marked = (snippet: string, query: string) =>
    highlightParts(snippet, query)
      .filter((part) => part.match)
      .map((part) => part.text);

  it("marks every word of the query, case-folded unless case:sensitive", () => {
    expect(marked("Lettera di Maurolico: lettera", "lettera maurolico")).toEqual([
      "Lettera",
      "Maurolico",
      "lettera",
    ]);
    expect(marked("Lettera lettera", "lettera case:sensitive")).toEqual(["lettera"]);
    expect(marked("una lettera breve", '"lettera breve"')).toEqual(["lettera breve"]);
  });

  it("ignores type: tokens, treats regex characters as text and keeps every character", () => {
    const snippet = "a+b (c) [d] x.y type:tex";
    expect(marked(snippet, "a+b (c) [d] type:tex")).toEqual(["a+b", "(c)", "[d]"]);
    expect(marked(snippet, "x.y")).toEqual(["x.y"]);
    expect(
      highlightParts(snippet, "(c)")
        .map((p) => p.text)
        .join(""),
    ).toBe(snippet);
    expect(highlightParts("plain", "")).toEqual([{ text: "plain", match: false }]);
  });
});

describe("accents and comments", () => {
  const marked = (snippet: string, query: string) =>
    highlightParts(snippet, query)
      .filter((part) => part.match)
      .map((part) => part.text);

  it("marks words with accents folded both ways, and leaves comment: out", () => {
    expect(marked("La Città, la CITTA e la citta", "citta")).toEqual(["Città", "CITTA", "citta"]);
    expect(marked("la citta", "CITTÀ")).toEqual(["citta"]);
    expect(marked("% TODO comment", "comment:todo")).toEqual(["TODO"]);
  });

  it("the comments switch puts comment: first, or takes it out", () => {
    expect(toggleComment("")).toBe("comment:");
    expect(toggleComment("  TODO ")).toBe("comment: TODO");
    expect(toggleComment("comment: TODO")).toBe("TODO");
    expect(toggleComment("a comment:TODO")).toBe("a TODO");
    expect(hasComment("nocomment:x")).toBe(false);
    expect(hasComment("COMMENT:x")).toBe(true);
  });
});
