import { HOOK_EVENTS } from "@scriptorium/shared";

/** The shell field (SPEC.md §5): split on newlines, each line into words (`bash -c`). */
export function parseShell(text: string): string[] {
  return text.split(/\r?\n/).flatMap((line) => line.trim().split(/\s+/).filter(Boolean));
}

/** A commands field (SPEC.md §5): space-separated words; empty means an empty list. */
export function parseCommandWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** A hook's commands: one command per line, blank lines dropped. */
export function parseHookLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The hook keys to edit: before_ and after_ of every known event and of `extraEvents` (unzip
 * and the tools, `mauro:m2hv`…, which the server keeps when given), then any other key the
 * server sends, each event's before_ first.
 */
export function hookKeys(
  commands: Record<string, string[]>,
  extraEvents: readonly string[] = [],
): string[] {
  const events = [...HOOK_EVENTS, ...extraEvents] as string[];
  for (const key of Object.keys(commands).sort()) {
    const event = key.replace(/^(before|after)_/, "");
    if (event !== key && !events.includes(event)) events.push(event);
  }
  const keys = events.flatMap((event) => [`before_${event}`, `after_${event}`]);
  const others = Object.keys(commands).filter((key) => !keys.includes(key));
  return [...keys, ...others.sort()];
}
