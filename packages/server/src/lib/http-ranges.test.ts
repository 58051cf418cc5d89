import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange, planResponse } from "./http-ranges.js";

describe("parseRange", () => {
  it("reads first-last, open-ended and suffix ranges, clamped to the size", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual([{ start: 0, end: 9 }]);
    expect(parseRange("bytes=90-", 100)).toEqual([{ start: 90, end: 99 }]);
    expect(parseRange("bytes=-10", 100)).toEqual([{ start: 90, end: 99 }]);
    expect(parseRange("bytes=-500", 100)).toEqual([{ start: 0, end: 99 }]);
    expect(parseRange("bytes=50-5000", 100)).toEqual([{ start: 50, end: 99 }]);
    expect(parseRange("Bytes = 1-2 , 4-5", 100)).toEqual([
      { start: 1, end: 2 },
      { start: 4, end: 5 },
    ]);
  });

  it("merges overlapping and adjacent ranges, in ascending order", () => {
    expect(parseRange("bytes=50-59,0-9,5-20,21-30", 100)).toEqual([
      { start: 0, end: 30 },
      { start: 50, end: 59 },
    ]);
  });

  it("ignores malformed headers and other units; reports unsatisfiable ones", () => {
    for (const h of [undefined, "", "bytes=", "bytes=a-b", "bytes=5-1", "bytes=-", "lines=1-2"]) {
      expect(parseRange(h, 100), String(h)).toBe("ignore");
    }
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=200-300, 150-", 100)).toBe("unsatisfiable");
    // Some satisfiable: the others are dropped.
    expect(parseRange("bytes=200-300, 0-0", 100)).toEqual([{ start: 0, end: 0 }]);
  });

  it("answers a flood of ranges with the whole file", () => {
    const many = Array.from({ length: 100 }, (_, i) => `${i * 3}-${i * 3}`).join(",");
    expect(parseRange(`bytes=${many}`, 1000)).toBe("ignore");
  });
});

describe("planResponse", () => {
  const mtime = Date.parse("2024-01-02T03:04:05.678Z");
  const lastModified = new Date(mtime).toUTCString();
  const earlier = new Date(mtime - 5000).toUTCString();

  it("evaluates preconditions in the order of RFC 9110", () => {
    expect(planResponse({}, 10, mtime)).toEqual({ status: 200 });
    expect(planResponse({ "if-modified-since": lastModified }, 10, mtime)).toEqual({ status: 304 });
    expect(planResponse({ "if-modified-since": earlier }, 10, mtime)).toEqual({ status: 200 });
    expect(planResponse({ "if-modified-since": "garbage" }, 10, mtime)).toEqual({ status: 200 });
    expect(planResponse({ "if-unmodified-since": earlier }, 10, mtime)).toEqual({ status: 412 });
    expect(planResponse({ "if-unmodified-since": lastModified }, 10, mtime)).toEqual({
      status: 200,
    });
    // We send no ETags: If-Match fails unless "*", If-None-Match "*" means "exists".
    expect(planResponse({ "if-match": '"x"' }, 10, mtime)).toEqual({ status: 412 });
    expect(planResponse({ "if-match": "*" }, 10, mtime)).toEqual({ status: 200 });
    expect(planResponse({ "if-none-match": "*" }, 10, mtime)).toEqual({ status: 304 });
    // If-None-Match present: If-Modified-Since is not consulted.
    const both = { "if-none-match": '"x"', "if-modified-since": lastModified };
    expect(planResponse(both, 10, mtime)).toEqual({ status: 200 });
  });

  it("applies a range only when If-Range names the current modification time", () => {
    const range = { range: "bytes=0-1" };
    expect(planResponse(range, 10, mtime)).toEqual({ status: 206, ranges: [{ start: 0, end: 1 }] });
    expect(planResponse({ ...range, "if-range": lastModified }, 10, mtime).status).toBe(206);
    expect(planResponse({ ...range, "if-range": earlier }, 10, mtime).status).toBe(200);
    expect(planResponse({ ...range, "if-range": '"etag"' }, 10, mtime).status).toBe(200);
    expect(planResponse({ range: "bytes=10-" }, 10, mtime).status).toBe(416);
    expect(planResponse({ range: "bytes=0-" }, 0, mtime).status).toBe(200);
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and an RFC 8187 UTF-8 name", () => {
    expect(contentDisposition("attachment", "a b.txt")).toBe(
      `attachment; filename="a b.txt"; filename*=utf-8''a%20b.txt`,
    );
    expect(contentDisposition("inline", 'Ὅμηρος "Ἰλιάς" (1)*.pdf')).toBe(
      `inline; filename="______ _______ (1)*.pdf"; ` +
        `filename*=utf-8''%E1%BD%8D%CE%BC%CE%B7%CF%81%CE%BF%CF%82%20%22%E1%BC%B8%CE%BB%CE%B9%CE%AC%CF%82%22%20%281%29%2A.pdf`,
    );
    expect(contentDisposition("attachment", "x\\y%z;.txt")).toMatch(
      /^attachment; filename="x_y_z;\.txt"; filename\*=utf-8''x%5Cy%25z%3B\.txt$/,
    );
  });
});
