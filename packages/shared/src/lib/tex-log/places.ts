import { baseOf, inTexTree, resolveIn } from "./paths.js";

/** Where a file TeX or a compiler printed is: a user's file, or outside them. */
export type Place =
  { kind: "user"; path: string } | { kind: "outside"; name: string; texTree: boolean };

export interface PlaceOptions {
  /** The user folder the tool ran in: relative names start there. */
  folder: string;
  /** An absolute name printed by the tool → its path in the user's files, if it is one. */
  userPath?: (printed: string) => string | undefined;
}

/**
 * A printed name placed: relative names (`./x.tex`, `sub/y.sty`) are the user's, resolved
 * against the folder the tool ran in; absolute names are outside (a support folder, TeX Live)
 * unless `userPath` knows them.
 */
export function placeOf(printed: string, options: PlaceOptions): Place {
  const name = printed.replace(/^"(.*)"$/, "$1");
  if (name.startsWith("/")) {
    const user = options.userPath?.(name);
    if (user) return { kind: "user", path: user };
    return { kind: "outside", name: baseOf(name), texTree: inTexTree(name) };
  }
  return { kind: "user", path: resolveIn(options.folder, name) };
}
