import { hasCommentToken, SEARCH_COMMENT_TOKEN } from "@scriptorium/shared";

/** `type:<name>` as a whole token of the query, with the spaces before it. */
const typeToken = (type: string) => new RegExp(`(^|\\s+)type:${type}(?=\\s|$)`, "g");

/** The query holds `type:<type>`. */
export function hasType(query: string, type: string): boolean {
  return typeToken(type).test(query);
}

/**
 * The type buttons of the overlay (SPEC.md §2): add `type:<type>` at the end of the query, or
 * take it out when it is there already.
 */
export function toggleType(query: string, type: string): string {
  if (hasType(query, type)) return query.replace(typeToken(type), "").trim();
  const text = query.trimEnd();
  return text === "" ? `type:${type}` : `${text} type:${type}`;
}

/** The query searches `%` comments (it holds `comment:`). */
export const hasComment = hasCommentToken;

/**
 * The comments switch: puts `comment:` at the start of the query, or takes every `comment:`
 * out (the words that followed it stay).
 */
export function toggleComment(query: string): string {
  if (hasCommentToken(query)) {
    return query.replace(/(^|\s)comment:\s*/gi, "$1").trim();
  }
  const text = query.trim();
  return text === "" ? SEARCH_COMMENT_TOKEN : `${SEARCH_COMMENT_TOKEN} ${text}`;
}
