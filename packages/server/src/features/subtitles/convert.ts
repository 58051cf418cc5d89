/** A subtitle file that cannot be read as its format says; the message names the line. */
export class SubtitleParseError extends Error {}

interface Cue {
  id?: string;
  /** Milliseconds. */
  start: number;
  end: number;
  text: string;
}

/** `hh:mm:ss.mmm`, the WebVTT timestamp form. */
function vttTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * Cue text made safe for WebVTT: `&` and `<` are escaped unless they start an entity or one of
 * the tags WebVTT shares with SubRip (b, i, u); `-->` cannot appear in a cue.
 */
function vttText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/g, "&amp;")
    .replace(/<(?!\/?[biu]>)/g, "&lt;")
    .replace(/-->/g, "--&gt;");
}

/** Sorted by start time, as WebVTT requires; cues that end before they start are dropped. */
function toVtt(cues: Cue[]): string {
  const lines = ["WEBVTT", ""];
  const valid = cues.filter((c) => c.end > c.start && c.text.trim() !== "");
  valid.sort((a, b) => a.start - b.start);
  for (const cue of valid) {
    if (cue.id) lines.push(cue.id);
    lines.push(`${vttTime(cue.start)} --> ${vttTime(cue.end)}`, vttText(cue.text), "");
  }
  return lines.join("\n");
}

const SRT_TIME = /^\s*(?:(\d+):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})\s*$/;

function srtTime(value: string, line: number): number {
  const m = SRT_TIME.exec(value);
  if (!m) throw new SubtitleParseError(`line ${line}: "${value.trim()}" is not a time`);
  const [h, min, s, frac] = [m[1] ?? "0", m[2] ?? "0", m[3] ?? "0", m[4] ?? "0"];
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac.padEnd(3, "0"));
}

/** Lines of a text with any line ending, without a byte-order mark. */
const linesOf = (text: string) => text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);

/** Runs of non-blank lines, with the 1-based number of each run's first line. */
function blocks(lines: string[]): { at: number; lines: string[] }[] {
  const out: { at: number; lines: string[] }[] = [];
  let current: { at: number; lines: string[] } | undefined;
  lines.forEach((line, i) => {
    if (line.trim() === "") current = undefined;
    else if (current) current.lines.push(line);
    else out.push((current = { at: i + 1, lines: [line] }));
  });
  return out;
}

/**
 * SubRip to WebVTT: numeric counters become cue identifiers, `,` in times becomes `.`,
 * position hints after the times and `<font>` tags and `{\…}` overrides are dropped. A block
 * without times after a cue is taken as more text of that cue (a blank line inside a cue).
 */
export function srtToVtt(input: string): string {
  const cues: Cue[] = [];
  for (const block of blocks(linesOf(input))) {
    const timingAt = block.lines.findIndex((l) => l.includes("-->"));
    const previous = cues[cues.length - 1];
    if (timingAt < 0 || timingAt > 1) {
      if (!previous) {
        const counter = /^\d+$/.test((block.lines[0] ?? "").trim()) ? 1 : 0;
        throw new SubtitleParseError(`line ${block.at + counter}: expected "start --> end"`);
      }
      previous.text += "\n" + block.lines.join("\n");
      continue;
    }
    const timing = block.lines[timingAt] ?? "";
    const line = block.at + timingAt;
    const arrow = timing.indexOf("-->");
    const start = srtTime(timing.slice(0, arrow), line);
    const end = srtTime(
      timing
        .slice(arrow + 3)
        .trim()
        .split(/\s+/)[0] ?? "",
      line,
    );
    const id = timingAt === 1 ? (block.lines[0] ?? "").trim() : undefined;
    const text = block.lines.slice(timingAt + 1).join("\n");
    cues.push({ id: id && /^\d+$/.test(id) ? id : undefined, start, end, text });
  }
  for (const cue of cues) {
    cue.text = cue.text.replace(/<\/?font[^>]*>/gi, "").replace(/\{\\[^}]*\}/g, "");
  }
  return toVtt(cues);
}

/** `h:mm:ss.cc` (centiseconds) of ASS/SSA. */
function assTime(value: string, line: number): number {
  const m = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?\s*$/.exec(value);
  if (!m) throw new SubtitleParseError(`line ${line}: "${value.trim()}" is not a time`);
  const frac = (m[4] ?? "0").padEnd(2, "0");
  const ms = frac.length === 2 ? Number(frac) * 10 : Number(frac);
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + ms;
}

/**
 * ASS/SSA dialogue text as plain text: `{…}` override blocks removed (and drawings made with
 * `\p1` … `\p0` skipped), `\N` and `\n` become line breaks, `\h` a non-breaking space.
 */
function assText(raw: string): string {
  let out = "";
  let drawing = false;
  for (const part of raw.split(/(\{[^}]*\})/)) {
    if (part.startsWith("{") && part.endsWith("}")) {
      const p = /\\p(\d+)/.exec(part);
      if (p) drawing = Number(p[1]) > 0;
      continue;
    }
    if (!drawing) out += part;
  }
  return out.replace(/\\[Nn]/g, "\n").replace(/\\h/g, "\u00a0");
}

/** One `Dialogue:` value split by the `Format:` fields; the last field keeps its commas. */
function dialogueCue(value: string, format: string[], line: number): Cue {
  const startAt = format.indexOf("start");
  const endAt = format.indexOf("end");
  const textAt = format.indexOf("text");
  if (textAt < 0 || startAt < 0 || endAt < 0) {
    throw new SubtitleParseError(`line ${line}: the Format line lacks Start, End or Text`);
  }
  const fields = value.split(",");
  if (fields.length < format.length) {
    throw new SubtitleParseError(`line ${line}: expected ${format.length} fields`);
  }
  const last = format.length - 1;
  const field = (at: number) => (at === last ? fields.slice(last).join(",") : (fields[at] ?? ""));
  return {
    start: assTime(field(startAt), line),
    end: assTime(field(endAt), line),
    text: assText(field(textAt).trimStart()),
  };
}

/**
 * ASS/SSA to WebVTT: the `[Events]` section's `Format:` line gives the field order of each
 * `Dialogue:` line (Text is last and may contain commas); comments and other sections are ignored.
 */
export function assToVtt(input: string): string {
  let section = "";
  let sawEvents = false;
  let format: string[] | undefined;
  const cues: Cue[] = [];
  linesOf(input).forEach((rawLine, index) => {
    const line = rawLine.trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = (header[1] ?? "").trim().toLowerCase();
      sawEvents ||= section === "events";
      return;
    }
    const colon = line.indexOf(":");
    if (section !== "events" || colon < 0) return;
    const kind = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (kind === "format") format = value.split(",").map((f) => f.trim().toLowerCase());
    if (kind !== "dialogue") return;
    if (!format) throw new SubtitleParseError(`line ${index + 1}: Dialogue before Format`);
    cues.push(dialogueCue(value, format, index + 1));
  });
  if (!sawEvents) throw new SubtitleParseError("no [Events] section");
  return toVtt(cues);
}
