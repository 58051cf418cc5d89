import { asFolder, decodePath, encodePath } from "../../lib/paths";

/** Where a /share/ URL points: the link's hash and a decoded path inside it ("/" for none). */
export interface ShareLocation {
  hash: string;
  path: string;
}

/**
 * Splits the router path of the share page, "/share/{hash}{path}": the first segment is the
 * hash, the rest a path inside the shared folder (API.md Part B §7.3).
 */
export function parseShareLocation(pathname: string): ShareLocation {
  const rest = pathname.replace(/^\/share\/?/, "");
  const slash = rest.indexOf("/");
  const hash = decodePath(slash < 0 ? rest : rest.slice(0, slash));
  const path = slash < 0 ? "/" : decodePath(rest.slice(slash)) || "/";
  return { hash, path };
}

/** The router path of a folder inside a link: "/share/{hash}/a/b/" (segments encoded). */
export function shareFolderRoute(hash: string, folder: string): string {
  const inside = folder === "/" || folder === "" ? "/" : encodePath(asFolder(folder));
  return `/share/${encodeURIComponent(hash)}${inside}`;
}

/** The page's own address without query or fragment: what the QR code carries. */
export function pageAddress(): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}`;
}
