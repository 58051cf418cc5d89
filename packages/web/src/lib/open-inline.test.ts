import { describe, expect, it } from "vitest";
import { opensInline } from "./open-inline";

describe("open inline (SPEC.md §5: only .html and .htm)", () => {
  it.each([".html", ".htm", ".HTML", ".Htm", "index.html", "Pagina-1f.HTM"])("%s: yes", (ext) => {
    expect(opensInline(ext)).toBe(true);
  });

  it.each([".xhtml", ".shtml", ".html.bak", ".txt", ".tex", ".pdf", "", "html", "index.htmlx"])(
    "%s: no",
    (ext) => {
      expect(opensInline(ext)).toBe(false);
    },
  );
});
