import type { Resource } from "@scriptorium/shared";

/*
 * The head of a big folder's listing, read from the first bytes of its answer. A 100,000-entry
 * folder is an 18 MB answer that takes the server a while to send and the browser a while to
 * parse, but its first window of rows is in the first few kilobytes: shown from there (see
 * early-listing.ts), the first rows are on screen long before the whole answer is parsed.
 */

/**
 * Where the items start. The server writes compact JSON; inside a JSON string every quote is
 * escaped, so this exact text can only be the top-level key (the fields before it hold no
 * `items`). Any other spelling of the answer simply gives no head.
 */
const ITEMS_KEY = '"items":[';

/**
 * The listing in `prefix` (the start of a GET /api/resources answer) with its first complete
 * items, at most `maxItems`: undefined when the prefix holds no complete item or is no listing.
 * The folder's own fields (numDirs, numFiles, sorting…) come before its items and are kept.
 */
export function listingHead(prefix: string, maxItems: number): Resource | undefined {
  const start = prefix.indexOf(ITEMS_KEY);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let count = 0;
  let end = -1;
  for (let i = start + ITEMS_KEY.length; i < prefix.length && count < maxItems; i++) {
    const c = prefix.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92 /* \ */) escaped = true;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      // A `]` at depth 0 closes the items: the whole listing is here, not only its head.
      if (depth === 0) break;
      depth--;
      if (depth === 0) {
        count++;
        end = i + 1;
      }
    }
  }
  if (end < 0) return undefined;
  try {
    return JSON.parse(`${prefix.slice(0, end)}]}`) as Resource;
  } catch {
    return undefined;
  }
}
