import path from "node:path";
import { findFolded, parseSearchQuery, type SearchResult } from "@scriptorium/shared";
import { AppError, badRequest } from "../../errors.js";
import type { Storage } from "../../storage/storage.js";
import type { UserRecord } from "../users/users.store.js";
import { MAX_RESULTS, nameMeetsType, resultOf, searchNames } from "./name-search.js";
import type { SearchIndex } from "./search-index.js";

/** Full-text results of one query at most. */
const MAX_TEXT_RESULTS = 500;
/** Characters of a snippet around the first match. */
const SNIPPET = 160;
/** Characters of a source line shown whole; a longer one is cut around its first match. */
const CONTEXT = 240;

/** The text cut to `size` characters around the first of the query's words in it. */
function cutAround(text: string, terms: readonly string[], size: number): string {
  if (text.length <= size) return text;
  const words = terms.flatMap((term) => term.match(/[\p{L}\p{N}]+/gu)?.slice(0, 1) ?? []);
  const at = findFolded(text, words)[0]?.start ?? -1;
  const start = Math.max(0, Math.min(text.length - size, at - Math.floor(size / 3)));
  const cut = text.slice(start, start + size);
  return `${start > 0 ? "…" : ""}${cut}${start + size < text.length ? "…" : ""}`;
}

/** The row's text, cut around the first word of the query (case and accents folded). */
export function snippetOf(text: string, terms: readonly string[]): string {
  return cutAround(text, terms, SNIPPET);
}

/** A source line, whole when short, else cut around the first word of the query. */
export function contextOf(line: string, terms: readonly string[]): string {
  return cutAround(line, terms, CONTEXT);
}

/** Longest query accepted: a name or a phrase, not a document. */
export const MAX_QUERY_LENGTH = 1000;

export interface SearchAnswer {
  results: SearchResult[];
  index: { state: "building" | "ready"; indexed: number };
}

/**
 * GET /api/search{dir}: the index's entries below the folder, as the user may see them: inside
 * their scope (the folder is resolved through their UserFs), allowed by their rules, and
 * without hidden names when they hide dotfiles (a hidden folder hides what it holds). The
 * indexes never read through a link; the words of a file are shown only while it is still a
 * regular file exactly where they were read (checked by descriptor, once per file and answer).
 * Names are not checked one by one (ten thousand opens per answer): a name indexed below a
 * path that became a link since is one the user could see there, and goes when the watcher
 * reports the change.
 */
export function createSearchService(deps: { storage: Storage; index: SearchIndex }) {
  return {
    async search(
      user: UserRecord,
      requestPath: string,
      rawQuery: string | undefined,
      content: string | undefined,
    ): Promise<SearchAnswer> {
      const query = rawQuery ?? "";
      if (query.length > MAX_QUERY_LENGTH) {
        throw badRequest(`The query is too long: at most ${MAX_QUERY_LENGTH} characters`);
      }
      if (query.includes("\uFFFD") || /[\p{Cc}]/u.test(query)) {
        throw badRequest("The query holds characters that are not text");
      }
      await deps.index.settle();
      const status = deps.index.status();
      const fs = await deps.storage.forUser(user);
      const folder = await fs.resolve(requestPath);
      const index = deps.index.current();
      const rel = deps.index.relOf(folder.abs);
      const under = rel === undefined ? undefined : index.find(rel);
      if (under === undefined || !index.isDir(under)) return { results: [], index: status };
      const parsed = parseSearchQuery(query);
      /** The user's rules and hidden-file preference on a path below the searched folder. */
      const visible = (below: string) => {
        if (user.hideDotfiles && below.split("/").some((part) => part.startsWith("."))) {
          return false;
        }
        return fs.rulesAllow(path.posix.join(folder.path, below));
      };
      // `comment:` looks in the comments of Mauro-TeX files: words inside files, whatever
      // `content` says (names have no comments).
      if (content === "true" || parsed.comments) {
        const text = deps.index.text;
        if (!text) throw new AppError("NOT_IMPLEMENTED", "Full-text search is not enabled");
        const prefix = rel ?? "/";
        const results: SearchResult[] = [];
        /** Files checked in place, by path: a file's rows (one per line) are checked once. */
        const inPlace = new Map<string, boolean>();
        const matches = await text.search(
          parsed.terms,
          prefix,
          MAX_TEXT_RESULTS * 2,
          parsed.comments,
        );
        for (const match of matches) {
          const below = match.path.slice(prefix === "/" ? 1 : prefix.length + 1);
          const name = path.posix.basename(below);
          if (!visible(below)) continue;
          if (parsed.types.length > 0 && !parsed.types.some((t) => nameMeetsType(name, t))) {
            continue;
          }
          // Words are shown only of a file still where they were read: not of one whose path
          // became a link since (the watcher catches up within moments; an index kept from
          // before may hold more).
          let there = inPlace.get(match.path);
          if (there === undefined) {
            there = deps.index.inPlace(match.path);
            inPlace.set(match.path, there);
          }
          if (!there) continue;
          results.push({
            dir: false,
            path: below,
            line: match.line,
            snippet: snippetOf(match.text, parsed.terms),
            ...(match.witnesses !== "" && { witnesses: match.witnesses.split("/") }),
            ...(match.context !== null && { context: contextOf(match.context, parsed.terms) }),
            ...(match.kind === 1 && { comment: true }),
          });
          if (results.length >= MAX_TEXT_RESULTS) break;
        }
        return { results, index: status };
      }
      const names = deps.index.names;
      if (names && rel !== undefined) {
        // On PostgreSQL the names shared by every instance answer, in the same order.
        const results: SearchResult[] = [];
        const cut = rel === "/" ? 1 : rel.length + 1;
        await names.search(rel, parsed, (hit) => {
          const below = hit.path.slice(cut);
          if (visible(below)) results.push({ dir: hit.dir, path: below });
          return results.length < MAX_RESULTS;
        });
        return { results, index: status };
      }
      const accept = (id: number) => visible(index.pathBelow(id, under));
      const hits = searchNames(index, under, parsed, accept);
      return { results: hits.map((hit) => resultOf(index, hit, under)), index: status };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
