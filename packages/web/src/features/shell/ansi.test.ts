import { describe, expect, it } from "vitest";
import { createAnsiStripper, stripAnsi } from "./ansi";

describe("colour codes", () => {
  it("are stripped with the other escape sequences", () => {
    expect(stripAnsi("\x1b[01;34mdocs\x1b[0m  \x1b[1;32mrun.sh\x1b[m")).toBe("docs  run.sh");
    expect(stripAnsi("\x1b[2K\x1b[1Gdone\x1b]0;title\x07!\x1b(B")).toBe("done!");
    expect(stripAnsi("a\r\nb\rc")).toBe("a\nb\nc");
  });

  it("are stripped when a chunk boundary cuts one in two", () => {
    const stripper = createAnsiStripper();
    expect(stripper.push("red \x1b[3")).toBe("red ");
    expect(stripper.push("1mtext\x1b")).toBe("text");
    expect(stripper.push("[0m end\r")).toBe(" end");
    expect(stripper.push("\nnext")).toBe("\nnext");
    expect(stripper.end()).toBe("");
  });

  it("give back what was held when the stream ends", () => {
    const stripper = createAnsiStripper();
    expect(stripper.push("tail\x1b[")).toBe("tail");
    expect(stripper.end()).toBe("[");
  });
});
