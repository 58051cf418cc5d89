import { findFolded, parseSearchQuery } from "@scriptorium/shared";

/** A piece of a snippet, marked when it is one of the query's words. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * Cuts a snippet (or a name, or a source line) into plain and matching parts for the query's
 * words (type:, case: and comment: tokens left out), with case and accents folded as the server
 * folds them ("citta" marks "Città"), exactly when the query says case:sensitive. The parts are
 * text: the caller renders them as text nodes, so nothing in a file can become markup.
 */
export function highlightParts(snippet: string, query: string): SnippetPart[] {
  if (snippet === "") return [];
  const { terms, caseSensitive } = parseSearchQuery(query);
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const { start, end } of findFolded(snippet, terms, caseSensitive)) {
    if (start > last) parts.push({ text: snippet.slice(last, start), match: false });
    parts.push({ text: snippet.slice(start, end), match: true });
    last = end;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), match: false });
  return parts;
}
