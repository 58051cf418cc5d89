export interface Crumb {
  /** Decoded name to display; "..." for the collapsed part. */
  name: string;
  /** Router path of the folder, ending with a slash; empty for the ellipsis. */
  to: string;
}

/** How many trailing levels stay visible (SPEC.md §2: last 3 levels plus an ellipsis). */
const VISIBLE_LEVELS = 3;

/**
 * Breadcrumbs of a /files/ path below the root (the root is drawn separately as "My files").
 * `path` is the part after /files, percent-encoded as in the URL, e.g. "/a/b%20c/".
 */
export function breadcrumbs(path: string, prefix = "/files"): Crumb[] {
  const segments = path.split("/").filter((s) => s !== "");
  const crumbs: Crumb[] = [];
  let url = prefix;
  for (const segment of segments) {
    url += `/${segment}`;
    let name = segment;
    try {
      name = decodeURIComponent(segment);
    } catch {
      // keep the raw segment
    }
    crumbs.push({ name, to: `${url}/` });
  }
  if (crumbs.length <= VISIBLE_LEVELS) return crumbs;
  return [{ name: "...", to: "" }, ...crumbs.slice(-VISIBLE_LEVELS)];
}
