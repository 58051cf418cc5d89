import path from "node:path";

/**
 * The n-th versioned name of a path (API.md §2.9): the counter goes before the extension taken
 * from the last dot — a.txt → a(1).txt, archive.tar.gz → archive.tar(1).gz, .bashrc → (1).bashrc,
 * Makefile → Makefile(1).
 */
export function versionedName(userPath: string, n: number): string {
  const dir = path.posix.dirname(userPath);
  const name = path.posix.basename(userPath);
  const dot = name.lastIndexOf(".");
  const base = dot >= 0 ? name.slice(0, dot) : name;
  const ext = dot >= 0 ? name.slice(dot) : "";
  const next = `${base}(${n})${ext}`;
  return dir === "/" ? `/${next}` : `${dir}/${next}`;
}
