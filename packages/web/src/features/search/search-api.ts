import type { SearchIndexState, SearchResult } from "@scriptorium/shared";
import {
  apiUrl,
  fetchOrFail,
  reportUnauthorized,
  requestTokenRenewal,
  toStatusError,
} from "../../api/client";
import { encodePath } from "../../lib/paths";
import { useAuthStore } from "../../state/auth-store";

export interface SearchRequest {
  /** Folder searched, ending with "/". */
  folder: string;
  /** The query as typed (words, "phrase", type:…, case:sensitive). */
  query: string;
  /** Words inside text files rather than names. */
  content: boolean;
  signal?: AbortSignal;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** The server's index: `building` while its first walk runs, with the entries so far. */
  index: { state: SearchIndexState; indexed: number };
}

/** GET /api/search{folder}?query=…: the folder with a trailing "/", the query encoded whole. */
export function searchUrl({ folder, query, content }: SearchRequest): string {
  const dir = encodePath(folder.endsWith("/") ? folder : `${folder}/`);
  const extra = content ? "&content=true" : "";
  return apiUrl(`/api/search${dir}?query=${encodeURIComponent(query)}${extra}`);
}

function indexOf(headers: Headers): SearchAnswer["index"] {
  const state = headers.get("X-Search-Index") === "building" ? "building" : "ready";
  const indexed = Number(headers.get("X-Search-Indexed"));
  return { state, indexed: Number.isFinite(indexed) ? indexed : 0 };
}

/**
 * One search. Not through apiCall because the answer's headers matter here (how far the index
 * is); the session is handled as apiCall does: X-Auth, renewal on request, the end of the
 * session on a 401. Failures reject with a StatusError, an abort with its AbortError.
 */
export async function searchFiles(request: SearchRequest): Promise<SearchAnswer> {
  const res = await fetchOrFail(searchUrl(request), {
    headers: { "X-Auth": useAuthStore.getState().jwt },
    signal: request.signal,
  });
  if (res.status === 401) reportUnauthorized();
  if (!res.ok) throw await toStatusError(res);
  if (res.headers.get("X-Renew-Token") === "true") void requestTokenRenewal();
  const body: unknown = await res.json();
  return {
    results: Array.isArray(body) ? (body as SearchResult[]) : [],
    index: indexOf(res.headers),
  };
}
