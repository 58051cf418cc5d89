import path from "node:path";
import { parseSearchQuery, type SearchResult } from "@scriptorium/shared";
import { AppError, badRequest } from "../../errors.js";
import type { Storage } from "../../storage/storage.js";
import type { UserRecord } from "../users/users.store.js";
import { resultOf, searchNames } from "./name-search.js";
import type { SearchIndex } from "./search-index.js";

/** Longest query accepted: a name or a phrase, not a document. */
export const MAX_QUERY_LENGTH = 1000;

export interface SearchAnswer {
  results: SearchResult[];
  index: { state: "building" | "ready"; indexed: number };
}

/**
 * GET /api/search{dir}: the index's entries below the folder, as the user may see them: inside
 * their scope (the folder is resolved through their UserFs), allowed by their rules, and
 * without hidden names when they hide dotfiles (a hidden folder hides what it holds).
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
      if (content === "true") {
        throw new AppError("NOT_IMPLEMENTED", "Full-text search is not available yet");
      }
      const status = deps.index.status();
      const fs = await deps.storage.forUser(user);
      const folder = await fs.resolve(requestPath);
      const index = deps.index.current();
      const rel = deps.index.relOf(folder.abs);
      const under = rel === undefined ? undefined : index.find(rel);
      if (under === undefined || !index.isDir(under)) return { results: [], index: status };
      const parsed = parseSearchQuery(query);
      const accept = (id: number) => {
        const below = index.pathBelow(id, under);
        const userPath = path.posix.join(folder.path, below);
        if (user.hideDotfiles && below.split("/").some((part) => part.startsWith("."))) {
          return false;
        }
        return fs.rulesAllow(userPath);
      };
      const hits = searchNames(index, under, parsed, accept);
      return { results: hits.map((hit) => resultOf(index, hit, under)), index: status };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
