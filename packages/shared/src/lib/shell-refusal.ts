/**
 * Why the in-browser shell refused a line (issue 31): the server sends its English message as
 * the socket's text (what File Browser's client shows) and closes with 1008 and a reason of the
 * form `<code>` or `<code> <detail>`, which the web turns into a translated message.
 */
export const SHELL_REFUSALS = [
  /** The program is not in the user's commands list (or does not exist: the same answer). */
  "not-in-commands",
  /** The program is in the user's list but is not installed on the server. */
  "not-installed",
  /** The program was named with a path (`/bin/ls`, `./x`) or a colon. */
  "program-path",
  /** A separator, pipe, redirection, substitution or new line, or an unclosed quote. */
  "syntax",
  /** A program that runs any program, allowed only by its `name:exec` entry. */
  "full-shell",
  /** An option (or sed command) that runs programs, allowed only by `name:exec`. */
  "exec-option",
  /** An argument that could not be checked (an unknown sed option, an unreadable script). */
  "argument",
  /** With a shell configured: a character it would expand. */
  "expansion",
  /** A path outside the user's folder; the detail is the path. */
  "outside",
] as const;
export type ShellRefusalCode = (typeof SHELL_REFUSALS)[number];

/** Longest close reason a WebSocket allows, in bytes. */
const CLOSE_REASON_BYTES = 123;

/** The close reason for a refusal: the code, then the detail cut to fit (whole characters). */
export function shellRefusalReason(code: ShellRefusalCode, detail = ""): string {
  let reason = detail ? `${code} ${detail}` : code;
  const encoder = new TextEncoder();
  while (encoder.encode(reason).length > CLOSE_REASON_BYTES) {
    reason = Array.from(reason).slice(0, -1).join("");
  }
  return reason;
}

/** The refusal a close reason names, or undefined for any other reason (an older server). */
export function parseShellRefusal(
  reason: string,
): { code: ShellRefusalCode; detail: string } | undefined {
  const space = reason.indexOf(" ");
  const code = space < 0 ? reason : reason.slice(0, space);
  if (!(SHELL_REFUSALS as readonly string[]).includes(code)) return undefined;
  return { code: code as ShellRefusalCode, detail: space < 0 ? "" : reason.slice(space + 1) };
}
