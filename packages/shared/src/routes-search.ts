import { errorResponses, jsonResponse, type RouteContract } from "./route-contract.js";
import { SearchQuerySchema, SearchResultListSchema } from "./schemas/search.js";

/** Route contracts of search (API.md Part B §9, Part A §20). */
export const searchRoutes = {
  search: {
    method: "GET",
    url: "/api/search/*",
    auth: "user",
    tag: "search",
    summary: "Find files and folders by name (or, with `content=true`, by words inside text files)",
    description:
      '`query`: words (any of them in the name; case and accents folded as in full text, so `citta` finds `Città`), a "quoted phrase", `type:image|audio|video|pdf|text|blob` or `type:<extension>`, `case:sensitive`, and `comment:` to search the `%` comments of Mauro-TeX files instead. Full-text and comment results add `line`, `snippet`, `witnesses` (inside a variant), `context` (the whole source line of a .tex file, cut around the match when long) and `comment: true`. Results are relative to the searched folder, names matching before paths, recent first; within the user\'s scope, rules and hidden-file preference. The `X-Search-Index` header says `ready`, or `building` with `X-Search-Indexed` entries so far.',
    schema: { querystring: SearchQuerySchema, response: { 200: SearchResultListSchema } },
    responses: {
      200: {
        ...jsonResponse(SearchResultListSchema, "The results"),
        headers: {
          "X-Search-Index": "ready, or building while the first walk runs",
          "X-Search-Indexed": "Entries in the index so far",
        },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  },
} as const satisfies Record<string, RouteContract>;
