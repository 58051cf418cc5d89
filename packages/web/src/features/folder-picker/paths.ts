/** A folder path with one trailing slash ("/a" → "/a/", "" → "/"). */
export function folderOf(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return `${trimmed}/`;
}

/** The parent of a folder path, ending with "/"; the root is its own parent. */
export function parentOf(folder: string): string {
  const trimmed = folder.replace(/\/+$/, "");
  return trimmed.slice(0, trimmed.lastIndexOf("/") + 1) || "/";
}

/** The levels of a folder path: [{ name, path }] from the first folder below the root. */
export function levelsOf(folder: string): { name: string; path: string }[] {
  const levels: { name: string; path: string }[] = [];
  let path = "/";
  for (const name of folder.split("/").filter(Boolean)) {
    path += `${name}/`;
    levels.push({ name, path });
  }
  return levels;
}
