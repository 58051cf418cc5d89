import { Type, type Static } from "typebox";

/** Results the overlay shows at first, and adds near the bottom of the list (SPEC.md §9). */
export const SEARCH_PAGE_SIZE = 50;
/** The type shortcuts of the overlay (SPEC.md §2). */
export const SEARCH_TYPE_SHORTCUTS = ["image", "audio", "video", "pdf"] as const;

/**
 * One result of GET /api/search{dir}: the path relative to the searched folder (no leading
 * slash) and whether it is a folder, in File Browser's key order. Full-text results add the
 * line (1-based), a snippet and, inside Mauro-TeX variants, the witnesses carrying the match.
 */
export const SearchResultSchema = Type.Object({
  dir: Type.Boolean(),
  path: Type.String(),
  line: Type.Optional(Type.Integer()),
  snippet: Type.Optional(Type.String()),
  witnesses: Type.Optional(Type.Array(Type.String())),
});
export type SearchResult = Static<typeof SearchResultSchema>;
export const SearchResultListSchema = Type.Array(SearchResultSchema);

/** `query` as typed (words, "phrases", type:…, case:sensitive); `content=true` for full text. */
export const SearchQuerySchema = Type.Object({
  query: Type.Optional(Type.String()),
  content: Type.Optional(Type.String()),
});

/** How far the index is: answered in the `X-Search-Index` header of every search. */
export type SearchIndexState = "building" | "ready";

/** A query parsed as File Browser parses it (API.md Part B §9). */
export interface ParsedQuery {
  terms: string[];
  /** `type:` conditions, OR-ed. */
  types: string[];
  caseSensitive: boolean;
}

/**
 * Parses a search query (API.md Part B §9): `case:sensitive`, `type:<word>` conditions, a
 * quoted phrase or words split on spaces (empty words dropped).
 */
export function parseSearchQuery(raw: string): ParsedQuery {
  const caseSensitive = raw.includes("case:sensitive");
  let text = raw.replaceAll("case:insensitive", "").replaceAll("case:sensitive", "").trim();
  const types: string[] = [];
  text = text
    .replace(/type:([0-9A-Za-z_]+)/g, (_m, word: string) => {
      types.push(word);
      return "";
    })
    .trim();
  if (!caseSensitive) text = text.toLowerCase();
  text = text.trim();
  if (text === "") return { terms: [], types, caseSensitive };
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return { terms: [text.slice(1, -1)], types, caseSensitive };
  }
  const terms = text.split(" ").filter((t) => t !== "" && t !== '"');
  return { terms, types, caseSensitive };
}
