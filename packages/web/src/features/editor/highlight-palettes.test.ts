import { describe, expect, it } from "vitest";
import { DARK_SYNTAX, LIGHT_SYNTAX, type SyntaxPalette } from "./highlight-palettes";

/** WCAG 2.x relative luminance and contrast ratio of #rrggbb colours. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/*
 * The backgrounds of base.css: the surface, and the line being edited (--hover laid over
 * it: rgb(20 40 80 / 0.06) in light, rgb(255 255 255 / 0.06) in dark), and the Mauro-TeX
 * colours of editor.css (--accent-text and --success).
 */
const THEMES: [string, SyntaxPalette, string[], string[]][] = [
  ["light", LIGHT_SYNTAX, ["#ffffff", "#f1f2f5"], ["#1d55b3", "#2e7d32"]],
  ["dark", DARK_SYNTAX, ["#1d2128", "#2b2e35"], ["#8ab5ff", "#66bb6a"]],
];

describe("syntax colours", () => {
  for (const [theme, palette, backgrounds, mauro] of THEMES) {
    it(`reach 4.5:1 on every background of the ${theme} editor`, () => {
      const colours = [...Object.entries(palette), ...mauro.map((c) => [`mauro ${c}`, c])];
      const low = colours.flatMap(([name, colour]) =>
        backgrounds
          .filter((bg) => contrast(colour as string, bg) < 4.5)
          .map((bg) => `${name} ${colour} on ${bg}: ${contrast(colour as string, bg).toFixed(2)}`),
      );
      expect(low).toEqual([]);
    });
  }
  it("can fail: CodeMirror's #085 on the light active line", () => {
    expect(contrast("#008855", "#f1f2f5")).toBeLessThan(4.5);
  });
});
