import { AppError, badRequest } from "../../errors.js";

/** Where WebDAV is served, below the base URL. */
export const DAV_PREFIX = "/dav";

/**
 * The user path a WebDAV URL names ("/dav/a%20b/c.tex" → "/a b/c.tex"), percent-decoded once;
 * the query is not part of it. 400 for a malformed escape.
 */
export function userPathOf(url: string): string {
  const q = url.indexOf("?");
  const raw = (q < 0 ? url : url.slice(0, q)).slice(DAV_PREFIX.length) || "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest("The URL is not a valid encoded path");
  }
}

/** The href of a user path as clients see it: the base URL, /dav, each name percent-encoded. */
export function hrefOf(baseURL: string, userPath: string, isDir: boolean): string {
  const encoded = userPath
    .split("/")
    .map((name) => encodeURIComponent(name))
    .join("/");
  const withSlash = isDir && !encoded.endsWith("/") ? `${encoded}/` : encoded;
  return `${baseURL}${DAV_PREFIX}${withSlash}`;
}

/**
 * The user path named by a Destination header (an absolute URL or an absolute path): it must
 * lie under this server's WebDAV prefix, else 502 as RFC 4918 §9.8.5 says for a destination
 * elsewhere. The host is not compared (a reverse proxy may change it); the path decides.
 */
export function destinationOf(header: string | undefined, baseURL: string): string {
  if (!header) throw badRequest("The Destination header is missing");
  let pathname: string;
  try {
    pathname = new URL(header, "http://destination.invalid").pathname;
  } catch {
    throw badRequest("The Destination header is not a URL");
  }
  const prefix = `${baseURL}${DAV_PREFIX}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) {
    throw new AppError("BAD_GATEWAY", "The destination is not on this WebDAV server");
  }
  return userPathOf(pathname.slice(baseURL.length));
}
