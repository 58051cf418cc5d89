/**
 * Path containment by whole components, for `/`-separated paths (request paths on both sides,
 * and the server's POSIX paths on disk). Never a string prefix: `/a` does not contain `/ab`, and
 * a name that merely starts with two dots (`..notes.txt`) is an ordinary child.
 */

function components(p: string): string[] {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out;
}

/** True when `candidate` is `parent` itself or lies below it. Both are made absolute first. */
export function isWithin(parent: string, candidate: string): boolean {
  const p = components(parent);
  const c = components(candidate);
  if (c.length < p.length) return false;
  return p.every((part, i) => part === c[i]);
}

/** True when `candidate` lies strictly below `parent` (not the same path). */
export function isStrictlyWithin(parent: string, candidate: string): boolean {
  return isWithin(parent, candidate) && components(candidate).length > components(parent).length;
}
