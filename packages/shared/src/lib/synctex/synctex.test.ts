import { describe, expect, it } from "vitest";
import {
  BackwardSearch,
  ForwardSearch,
  inputToUserPath,
  SynctexFormatError,
  SynctexReader,
  type SynctexVisitor,
} from "./index.js";

import { DOC_SYNCTEX as text } from "./fixtures/doc-synctex.js";

// Word places below were read from the PDF with `pdftotext -bbox`.

function read(visitor: SynctexVisitor, source = text, inputs = new Map<number, string>()) {
  const reader = new SynctexReader({
    ...visitor,
    input: (tag, path) => inputs.set(tag, path),
    record: visitor.record?.bind(visitor),
  });
  for (const line of source.split("\n")) reader.line(line);
  return { header: reader.end(), inputs };
}

const tagOf = (inputs: Map<number, string>, name: string) =>
  [...inputs].find(([, p]) => p.endsWith(`/${name}`))?.[0] ?? -1;

describe("SynctexReader", () => {
  it("reads the preamble, the inputs and every page's records", () => {
    const pages = new Set<number>();
    let records = 0;
    const { header, inputs } = read({
      record: (page) => {
        pages.add(page);
        records++;
      },
    });
    expect(header).toEqual({ magnification: 1000, unit: 1, xOffset: 0, yOffset: 0 });
    expect(inputs.get(1)).toBe("/tmp/stxfix/doc/./doc.tex");
    expect(tagOf(inputs, "part.tex")).toBeGreaterThan(1);
    expect([...pages]).toEqual([1, 2]);
    expect(records).toBeGreaterThan(100);
  });

  it("refuses what is not SyncTeX, a bad record, a huge line", () => {
    expect(() => read({}, "hello\n")).toThrow(SynctexFormatError);
    expect(() => read({}, "")).toThrow(SynctexFormatError);
    const bad = text.replace("x1,4:10965850,10300473", "x1,4:10965850,abc");
    expect(() => read({}, bad)).toThrow(/Bad record/);
    expect(() => read({}, `SyncTeX Version:1\n${"x".repeat(70_000)}\n`)).toThrow(/too long/);
    expect(() => read({}, "SyncTeX Version:1\nMagnification:0\n")).toThrow(SynctexFormatError);
    const inputs = Array.from({ length: 100_001 }, (_, i) => `Input:${i}:/files/a.tex`);
    expect(() => read({}, `SyncTeX Version:1\n${inputs.join("\n")}\n`)).toThrow(/Too many/);
  });
});

describe("backward search", () => {
  const at = (
    page: number,
    x: number,
    y: number,
    accept = (tag: number) => tag === 1 || tag > 4,
  ) => {
    const search = new BackwardSearch(page);
    const { header, inputs } = read(search);
    const place = search.find(header, x, y, accept);
    return place && { file: inputs.get(place.tag)?.split("/").pop(), line: place.line };
  };

  it("finds the line of a word (PDF points from the top left)", () => {
    expect(at(1, 140, 155)).toEqual({ file: "doc.tex", line: 4 }); // "Hello"
    expect(at(1, 262, 166)).toEqual({ file: "doc.tex", line: 6 }); // "bold"
    expect(at(2, 268, 155)).toEqual({ file: "doc.tex", line: 9 }); // "zebra."
    expect(at(2, 155, 226)).toEqual({ file: "part.tex", line: 3 }); // "Line" (three)
    const words: [number, number, number, string, number][] = [
      [1, 280, 155, "doc.tex", 4], // "paragraph."
      [1, 160, 166, "doc.tex", 6], // "Second"
      [1, 360, 166, "doc.tex", 6], // "math."
      [2, 170, 131, "doc.tex", 8], // "Beta"
      [2, 165, 174, "doc.tex", 11], // "one"
      [2, 165, 194, "doc.tex", 12], // "two"
      [2, 140, 214, "part.tex", 1], // "Text"
    ];
    for (const [page, x, y, file, line] of words) expect(at(page, x, y)).toEqual({ file, line });
  });

  it("takes the nearest line for a point in a margin, never a refused file", () => {
    expect(at(2, 20, 226)).toEqual({ file: "part.tex", line: 3 });
    expect(at(1, 140, 155, () => false)).toBeUndefined();
    expect(at(7, 140, 155)).toBeUndefined();
  });
});

describe("forward search", () => {
  const boxes = (name: string, line: number) => {
    const inputs = new Map<number, string>();
    const search = new ForwardSearch((tag) => inputs.get(tag)?.endsWith(`/${name}`) ?? false, line);
    const result = read(search, text, inputs);
    return { boxes: search.boxes(result.header), found: search.found };
  };

  it("places a line on its page, around its words", () => {
    const { boxes: zebra } = boxes("doc.tex", 9);
    expect(zebra.length).toBeGreaterThan(0);
    const first = zebra[0]!;
    expect(first.page).toBe(2);
    // "zebra." is at y 149.7–158.5 and x 255.6–281.6 on page 2.
    expect(first.y).toBeLessThan(151);
    expect(first.y + first.height).toBeGreaterThan(157);
    expect(first.x).toBeLessThan(256);
    expect(first.x + first.width).toBeGreaterThan(281);
    const { boxes: part } = boxes("part.tex", 3);
    expect(part[0]).toMatchObject({ page: 2 });
    expect(part[0]!.y).toBeGreaterThan(215);
    expect(part[0]!.y).toBeLessThan(225);
  });

  it("takes the nearest line before one that made nothing", () => {
    const input = boxes("doc.tex", 14); // \input{part}: the lines are part.tex's
    expect(input.found).toBe(13);
    expect(input.boxes[0]).toMatchObject({ page: 2 });
    expect(boxes("doc.tex", 2).boxes).toEqual([]); // \begin{document}: nothing before
    expect(boxes("other.tex", 3).boxes).toEqual([]);
  });
});

describe("inputToUserPath", () => {
  const roots = ["/files", "/srv/data/users/ada"];
  it("maps the sandbox's and the scope's paths, and relative ones from the folder", () => {
    expect(inputToUserPath("/files/thesis/./ch 1.tex", roots, "/thesis")).toBe("/thesis/ch 1.tex");
    expect(inputToUserPath("/srv/data/users/ada/a.tex", roots, "/")).toBe("/a.tex");
    expect(inputToUserPath("./part.tex", roots, "/thesis")).toBe("/thesis/part.tex");
  });
  it("names nothing outside the user's files", () => {
    expect(inputToUserPath("/usr/share/texlive/article.cls", roots, "/")).toBeUndefined();
    expect(inputToUserPath("/files/../etc/passwd", roots, "/")).toBeUndefined();
    expect(inputToUserPath("/srv/data/users/adam/x.tex", roots, "/")).toBeUndefined();
    expect(inputToUserPath("../../x.tex", roots, "/a")).toBeUndefined();
    expect(inputToUserPath("/files", roots, "/")).toBeUndefined();
    expect(inputToUserPath("", roots, "/")).toBeUndefined();
  });
});
