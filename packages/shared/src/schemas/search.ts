import { Type, type Static } from "typebox";

/** Results the overlay shows at first, and adds near the bottom of the list (SPEC.md §9). */
export const SEARCH_PAGE_SIZE = 50;
/** The type shortcuts of the overlay (SPEC.md §2). */
export const SEARCH_TYPE_SHORTCUTS = ["image", "audio", "video", "pdf", "text"] as const;
/** The query token that searches the `%` comments of Mauro-TeX files ("comment:TODO"). */
export const SEARCH_COMMENT_TOKEN = "comment:";

/**
 * One result of GET /api/search{dir}: the path relative to the searched folder (no leading
 * slash) and whether it is a folder, in File Browser's key order. Full-text results add the
 * line (1-based), a snippet (the words found, cleaned of markup) and, inside Mauro-TeX
 * variants, the witnesses carrying the match; `context` is the whole source line (cut around
 * the match when long), and `comment` says the match is in a `%` comment.
 */
export const SearchResultSchema = Type.Object({
  dir: Type.Boolean(),
  path: Type.String(),
  line: Type.Optional(Type.Integer()),
  snippet: Type.Optional(Type.String()),
  witnesses: Type.Optional(Type.Array(Type.String())),
  context: Type.Optional(Type.String()),
  comment: Type.Optional(Type.Boolean()),
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
  /** `comment:`: the words are looked for in the `%` comments of Mauro-TeX files. */
  comments?: boolean;
}

const COMMENT_TOKEN = /(^|\s)comment:/gi;

/** The query holds the `comment:` token (at the start of a word). */
export function hasCommentToken(raw: string): boolean {
  return new RegExp(COMMENT_TOKEN.source, "i").test(raw);
}

/**
 * Parses a search query (API.md Part B §9): `case:sensitive`, `type:<word>` conditions, a
 * quoted phrase or words split on spaces (empty words dropped). `comment:` before the words
 * (`comment:TODO controllare`) searches `%` comments instead.
 */
export function parseSearchQuery(raw: string): ParsedQuery {
  const caseSensitive = raw.includes("case:sensitive");
  const comments = hasCommentToken(raw);
  let text = raw.replaceAll("case:insensitive", "").replaceAll("case:sensitive", "");
  text = text.replace(COMMENT_TOKEN, "$1").trim();
  const types: string[] = [];
  text = text
    .replace(/type:([0-9A-Za-z_]+)/g, (_m, word: string) => {
      types.push(word);
      return "";
    })
    .trim();
  if (!caseSensitive) text = text.toLowerCase();
  text = text.trim();
  if (text === "") return { terms: [], types, caseSensitive, comments };
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return { terms: [text.slice(1, -1)], types, caseSensitive, comments };
  }
  const terms = text.split(" ").filter((t) => t !== "" && t !== '"');
  return { terms, types, caseSensitive, comments };
}
