import { parseSearchQuery } from "@scriptorium/shared";

/** A piece of a snippet, marked when it is one of the query's words. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Cuts a snippet into plain and matching parts for the query's words (type: and case: tokens
 * left out), case-folded unless the query says case:sensitive. The parts are text: the caller
 * renders them as text nodes, so nothing in a file can become markup.
 */
export function highlightParts(snippet: string, query: string): SnippetPart[] {
  const { terms, caseSensitive } = parseSearchQuery(query);
  const words = [...new Set(terms.map((term) => term.trim()).filter((term) => term !== ""))]
    // Longer words first, so that "lettera" wins over "lett" where both match.
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (words.length === 0 || snippet === "")
    return snippet === "" ? [] : [{ text: snippet, match: false }];
  const pattern = new RegExp(`(${words.join("|")})`, caseSensitive ? "gu" : "giu");
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const found of snippet.matchAll(pattern)) {
    const at = found.index;
    if (at > last) parts.push({ text: snippet.slice(last, at), match: false });
    parts.push({ text: found[0], match: true });
    last = at + found[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), match: false });
  return parts;
}
