/** Path helpers of the log parser: user paths are POSIX, absolute, `/`-rooted. */

export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "/" : path.slice(0, slash);
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** `./a/../b.tex` relative to `/docs` → `/docs/b.tex` (never above `/`). */
export function resolveIn(folder: string, relative: string): string {
  const parts = relative.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return "/" + parts.join("/");
}

/**
 * A file of the TeX installation (TeX Live's trees: `/usr/share/texlive/texmf-dist/…`,
 * `/usr/share/texmf/…`, `/var/lib/texmf/…`, `/usr/local/texlive/2024/…`, `~/.texlive…`). The
 * support folders, as the sandbox shows them (`/texmf-support/N/…`), are not.
 */
export function inTexTree(printed: string): boolean {
  return (
    printed.startsWith("/") &&
    !printed.startsWith("/texmf-support/") &&
    /\/(?:texmf[^/]*|texlive|\.texlive[^/]*)\//.test(printed)
  );
}
