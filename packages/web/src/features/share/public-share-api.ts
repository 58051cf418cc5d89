import { SHARE_PASSWORD_HEADER, type PublicShare } from "@scriptorium/shared";
import { apiUrl, fetchOrFail, toStatusError } from "../../api/client";
import { encodePath } from "../../lib/paths";
import { archiveUrl, type ArchiveAlgo } from "../../api/download";

/*
 * The public share routes (API.md Part B §7.3). The visitor has no session: these requests go
 * through plain fetch, never apiCall, so a 401 (a password is needed) is the page's business
 * and never ends anyone's session. No cookie is sent either: a link opens the same for a
 * visitor who happens to be logged in.
 */

/** The password header's value: the password percent-encoded, as File Browser's client sends it. */
export function passwordHeaders(password: string | undefined): Record<string, string> {
  return password === undefined ? {} : { [SHARE_PASSWORD_HEADER]: encodeURIComponent(password) };
}

/** `/{hash}{path}` with every segment encoded; the share's root is `/{hash}`. */
function sharePath(hash: string, path = "/"): string {
  const rest =
    path === "/" || path === "" ? "" : encodePath(path.startsWith("/") ? path : `/${path}`);
  return `/${encodeURIComponent(hash)}${rest}`;
}

/** `?a=1&token=…`: the query of a public URL, the token last and only when there is one. */
function query(params: Record<string, string>, token: string | undefined): string {
  const all = token ? { ...params, token } : params;
  const text = new URLSearchParams(all).toString();
  return text ? `?${text}` : "";
}

/**
 * GET /api/public/share/{hash}{path}: a file's info, a folder's listing, or a drop box's info.
 * Rejects with a StatusError (401 password needed or wrong, 404, 410, 429, status 0 offline).
 */
export async function fetchPublicShare(
  hash: string,
  path: string,
  password: string | undefined,
  signal?: AbortSignal,
): Promise<PublicShare> {
  const res = await fetchOrFail(apiUrl(`/api/public/share${sharePath(hash, path)}`), {
    headers: passwordHeaders(password),
    credentials: "omit",
    signal,
  });
  if (!res.ok) throw await toStatusError(res);
  return (await res.json()) as PublicShare;
}

/** The URLs a share page builds from the link's hash and the token of its last answer. */
export interface ShareUrls {
  /** A file of the link (a file link's own file for `path` "/"), as an attachment. */
  download: (path?: string) => string;
  /** The same file served inline, for `<img>`, `<audio>` and `<video>`. */
  inline: (path: string) => string;
  /** "Open": the sandboxed inline view of a file (a file link's own for "/"). */
  open: (path?: string) => string;
  /**
   * A page of a folder link in the reading view (issue 31): served without scripts, its
   * relative pages (frames, links) through the same script-free capability.
   */
  read: (path: string) => string;
  /** Items of `folder` (their names) as one archive in the given format. */
  archive: (folder: string, names: readonly string[], algo: ArchiveAlgo) => string;
}

export function shareUrls(hash: string, token: string | undefined): ShareUrls {
  const dl = (path = "/", params: Record<string, string> = {}) =>
    apiUrl(`/api/public/dl${sharePath(hash, path)}${query(params, token)}`);
  return {
    download: (path) => dl(path),
    inline: (path) => dl(path, { inline: "true" }),
    // The path before the query (File Browser put index.html after "?token=…"). A file
    // link's own file answers at any path below it; index.html is what File Browser uses.
    open: (path = "/") =>
      apiUrl(
        `/api/public-inline/dl${path === "/" ? `${sharePath(hash)}/index.html` : sharePath(hash, path)}${query({}, token)}`,
      ),
    read: (path) =>
      apiUrl(`/api/public-inline/dl${sharePath(hash, path)}${query({ view: "read" }, token)}`),
    archive: (folder, names, algo) => {
      // `files=…&algo=…` exactly as the app's own archive downloads build them (each name
      // encoded, the list joined with commas and encoded again).
      const archiveQuery = archiveUrl(names, algo).split("?")[1] ?? "";
      const base = apiUrl(`/api/public/dl${sharePath(hash, folder).replace(/\/?$/, "/")}`);
      return `${base}?${archiveQuery}${query({}, token).replace(/^\?/, "&")}`;
    },
  };
}
