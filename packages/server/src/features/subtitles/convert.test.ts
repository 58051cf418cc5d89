import { describe, expect, it } from "vitest";
import { assToVtt, srtToVtt, SubtitleParseError } from "./convert.js";

/** A WebVTT check in the spirit of the spec's parser: header, then cues with valid timings. */
function expectValidVtt(vtt: string): void {
  const blocks = vtt.split("\n\n");
  expect(blocks[0]).toBe("WEBVTT");
  let previousStart = -1;
  for (const block of blocks.slice(1).filter((b) => b.trim() !== "")) {
    const lines = block.split("\n");
    const timingAt = lines[0]?.includes("-->") ? 0 : 1;
    const m = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/.exec(
      lines[timingAt] ?? "",
    );
    expect(m, block).not.toBeNull();
    const ms = (h: string, mi: string, s: string, f: string) =>
      ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 + Number(f);
    const start = ms(m![1]!, m![2]!, m![3]!, m![4]!);
    const end = ms(m![5]!, m![6]!, m![7]!, m![8]!);
    expect(end).toBeGreaterThan(start);
    expect(start).toBeGreaterThanOrEqual(previousStart);
    previousStart = start;
    for (const text of lines.slice(timingAt + 1)) expect(text).not.toContain("-->");
  }
}

const SRT = [
  "\uFEFF1",
  "00:00:01,000 --> 00:00:04,500 X1:40 X2:600 Y1:20 Y2:50",
  "<i>Arma virumque</i> cano,",
  '<font color="#ffff00">Troiae qui primus</font> ab oris',
  "",
  "2",
  "00:00:05,250 --> 00:00:07,000",
  "{\\an8}Italiam & Laviniaque <venit> litora",
  "",
  "3",
  "01:02:03,4 --> 01:02:05,040",
  "multum ille et terris -- iactatus --> alto",
  "",
].join("\r\n");

describe("srtToVtt", () => {
  it("writes WebVTT: header, dotted times, cue numbers as identifiers, cleaned text", () => {
    const vtt = srtToVtt(SRT);
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "1",
        "00:00:01.000 --> 00:00:04.500",
        "<i>Arma virumque</i> cano,",
        "Troiae qui primus ab oris",
        "",
        "2",
        "00:00:05.250 --> 00:00:07.000",
        "Italiam &amp; Laviniaque &lt;venit> litora",
        "",
        "3",
        "01:02:03.400 --> 01:02:05.040",
        "multum ille et terris -- iactatus --&gt; alto",
        "",
      ].join("\n"),
    );
    expectValidVtt(vtt);
  });

  it("keeps a cue whose text has a blank line, sorts cues, and drops empty ones", () => {
    const vtt = srtToVtt(
      "2\n00:00:05,000 --> 00:00:06,000\nsecond\n\n" +
        "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\nstill first\n\n" +
        "3\n00:00:07,000 --> 00:00:08,000\n\n",
    );
    expect(vtt).toBe(
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nfirst\nstill first\n\n" +
        "2\n00:00:05.000 --> 00:00:06.000\nsecond\n",
    );
    expectValidVtt(vtt);
  });

  it("throws a parse error that names the line", () => {
    expect(() => srtToVtt("1\nnot a time\nhello\n")).toThrow(SubtitleParseError);
    expect(() => srtToVtt("1\n00:00:01,000 --> soon\nhello\n")).toThrow(/line 2/);
    expect(srtToVtt("")).toBe("WEBVTT\n");
  });
});

const ASS = [
  "[Script Info]",
  "Title: Aeneis",
  "ScriptType: v4.00+",
  "",
  "[V4+ Styles]",
  "Format: Name, Fontname, Fontsize",
  "Style: Default,Arial,20",
  "",
  "[Events]",
  "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  "Dialogue: 0,0:00:05.50,0:00:07.00,Default,,0,0,0,,{\\i1}Musa{\\i0}, mihi causas memora,\\Nquo numine laeso",
  "Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a note for the translator",
  "Dialogue: 0,0:00:01.00,0:00:04.25,Default,Narrator,0,0,0,,{\\an8\\pos(10,10)}Arma virumque cano",
  "Dialogue: 0,0:00:08.00,0:00:09.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}quidve dolens",
  "Dialogue: 0,1:00:00.00,1:00:01.00,Default,,0,0,0,,a\\hb < c",
].join("\n");

describe("assToVtt", () => {
  it("follows the Format line, strips overrides, turns \\N into new lines, sorts by start", () => {
    const vtt = assToVtt(ASS);
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "00:00:01.000 --> 00:00:04.250",
        "Arma virumque cano",
        "",
        "00:00:05.500 --> 00:00:07.000",
        "Musa, mihi causas memora,",
        "quo numine laeso",
        "",
        "00:00:08.000 --> 00:00:09.000",
        "quidve dolens",
        "",
        "01:00:00.000 --> 01:00:01.000",
        "a\u00a0b &lt; c",
        "",
      ].join("\n"),
    );
    expectValidVtt(vtt);
  });

  it("reads SSA v4 files whose Format puts the fields in another order", () => {
    const ssa = [
      "[Events]",
      "Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
      "Dialogue: Marked=0,0:00:02.00,0:00:03.00,*Default,NTP,0000,0000,0000,!Effect,Hello, world",
      "",
      "[Events]",
      "Format: End, Start, Text",
      "Dialogue: 0:00:06.00,0:00:05.00,reordered",
    ].join("\r\n");
    expect(assToVtt(ssa)).toBe(
      "WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nHello, world\n\n" +
        "00:00:05.000 --> 00:00:06.000\nreordered\n",
    );
  });

  it("throws parse errors for files without events or with broken lines", () => {
    expect(() => assToVtt("[Script Info]\nTitle: x\n")).toThrow(/Events/);
    expect(() => assToVtt("[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,x\n")).toThrow(/Format/);
    expect(() =>
      assToVtt("[Events]\nFormat: Start, End, Text\nDialogue: 0:00:01.00,later,text\n"),
    ).toThrow(/line 3/);
  });
});
