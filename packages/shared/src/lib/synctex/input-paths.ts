/**
 * From an `Input:` path of a SyncTeX file to a path in the user's files, or undefined for a
 * file that is not there (TeX's own classes, the support folders, anything outside).
 *
 * `roots` are the absolute places where the user's files were seen by TeX: the sandbox's mount
 * point and the real path of the user's scope (an unsandboxed run). A relative path is TeX's
 * working folder's, which is the folder of the PDF (`folder`, a user path).
 */
export function inputToUserPath(
  input: string,
  roots: readonly string[],
  folder: string,
): string | undefined {
  if (input === "" || input.includes("\0")) return undefined;
  if (!input.startsWith("/")) {
    const joined = normalizePosix(`${folder}/${input}`);
    return joined?.startsWith("/") ? joined : undefined;
  }
  const normal = normalizePosix(input);
  if (normal === undefined) return undefined;
  for (const root of roots) {
    const base = root.endsWith("/") ? root.slice(0, -1) : root;
    if (base === "" || !base.startsWith("/")) continue;
    if (normal.startsWith(`${base}/`)) return normal.slice(base.length);
  }
  return undefined;
}

/** `a/./b`, `a//b`, `a/x/../b` → `a/b`; undefined when `..` climbs above the start. */
function normalizePosix(p: string): string | undefined {
  const parts: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return `/${parts.join("/")}`;
}
