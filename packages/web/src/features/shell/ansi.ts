/*
 * Colour and cursor codes in command output (SPEC.md §4: colour codes are stripped). Output
 * arrives in chunks, so a code cut in two by a chunk boundary is held back until the rest comes.
 */

// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and short escapes such as ESC ( B.
const COMPLETE =
  // eslint-disable-next-line no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -/]*[0-Z\\^-~]|\x9b[0-?]*[ -/]*[@-~]/g;
// An escape that has begun but not ended at the end of the text.
// eslint-disable-next-line no-control-regex
const UNFINISHED = /(?:\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?|[ -/]*)?|\x9b[0-?]*[ -/]*)$/;

/** Text without escape codes; carriage returns of CRLF dropped, lone ones as line ends. */
export function stripAnsi(text: string): string {
  return text.replace(COMPLETE, "").replace(/\r\n/g, "\n").replace(/\r/g, "\n");
}

/** A stripper for one stream of chunks: each call returns the text that is complete so far. */
export function createAnsiStripper(): { push: (chunk: string) => string; end: () => string } {
  let held = "";
  return {
    push(chunk) {
      let text = held + chunk;
      held = "";
      const cut = UNFINISHED.exec(text.replace(COMPLETE, (code) => "\0".repeat(code.length)));
      if (cut && cut[0] !== "") {
        held = text.slice(cut.index);
        text = text.slice(0, cut.index);
      }
      // A CR at the very end may be the first half of CRLF.
      if (text.endsWith("\r")) {
        held = `\r${held}`;
        text = text.slice(0, -1);
      }
      return stripAnsi(text);
    },
    end() {
      const rest = held;
      held = "";
      return stripAnsi(rest).replace(/\x1b/g, ""); // eslint-disable-line no-control-regex
    },
  };
}
