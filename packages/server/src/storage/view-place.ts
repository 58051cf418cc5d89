import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Rule } from "@scriptorium/shared";
import { forbidden } from "../errors.js";
import { isInside, scopeRoot } from "../lib/safe-path.js";
import type { Place } from "./descriptor.js";
import { createRuleChecker } from "./rules.js";

export const outside = () => forbidden("This path is outside your scope", "PATH_OUTSIDE_SCOPE");

/** Real path of `abs`, or of its deepest existing ancestor joined with the missing rest. */
export async function realpathOfExisting(abs: string): Promise<string> {
  const missing: string[] = [];
  let current = abs;
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
      const parent = path.dirname(current);
      if (parent === current) throw err;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** How long the real path of a scope's root is reused (every request resolves against it). */
const REAL_ROOT_MS = 1000;
const realRoots = new Map<string, { at: number; real: Promise<string> }>();

/**
 * The real path of a view's root, looked up again after REAL_ROOT_MS. A scope's folder must be
 * inside the real files root, and a view below the scope (a shared folder) inside the scope's
 * real folder at a place `allowed` (the owner's rules): a folder replaced by a link to elsewhere
 * (a program can do that) never widens a view beyond its scope, and a link inside is followed
 * within a second (until then its old place is the view's root).
 */
function realRootOf(
  serverRoot: string,
  scope: string,
  root: string,
  allowed: (real: string, scopeReal: string) => boolean,
  /** What the answer depends on besides `root` (the rules, for a view below the scope). */
  key = root,
): Promise<string> {
  const now = Date.now();
  const known = realRoots.get(key);
  if (known && now - known.at < REAL_ROOT_MS) return known.real;
  const real = Promise.all([realpath(serverRoot), realpath(scope), realpath(root)]).then(
    ([top, scopeReal, rootReal]) => {
      if (!isInside(top, scopeReal)) throw outside();
      if (rootReal !== scopeReal && !allowed(rootReal, scopeReal)) throw outside();
      return rootReal;
    },
  );
  if (realRoots.size > 1000) realRoots.clear();
  realRoots.set(key, { at: now, real });
  real.catch(() => realRoots.delete(key));
  return real;
}

/** `real` as a user path below `realRoot` ("/" for the root itself); `real` must be inside. */
const userPathBelow = (realRoot: string, real: string) => {
  const rel = path.relative(realRoot, real).split(path.sep).join("/");
  return rel === "" ? "/" : `/${rel}`;
};

/**
 * Where a user's view of the files lies and what of it the rules allow: its root (the scope, or
 * `base`, a folder of it, for a folder share), its real root, and the place check every
 * descriptor of the view must pass. Rules always see scope paths, even from below the scope.
 */
export function createViewPlace(
  serverRoot: string,
  user: { scope: string; rules: readonly Rule[] },
  globalRules: readonly Rule[],
  base: string,
) {
  const scopeFolder = scopeRoot(serverRoot, user.scope);
  const root = path.join(scopeFolder, base);
  const checker = createRuleChecker(globalRules, user.rules);
  // A view rooted below the scope (a shared folder) keeps the owner's rules where they were.
  const ruleAllows =
    base === "/" ? checker : (userPath: string) => checker(path.posix.join(base, userPath));
  /** A view's root below the scope: inside the scope's real folder, where the rules allow. */
  const baseAllowed = (real: string, scopeReal: string) =>
    isInside(scopeReal, real) && checker(userPathBelow(scopeReal, real));
  const rootKey = base === "/" ? root : JSON.stringify([root, globalRules, user.rules]);
  const realRoot = () => realRootOf(serverRoot, scopeFolder, root, baseAllowed, rootKey);
  /** Where a descriptor of this view may be: inside the real root, at a place the rules allow. */
  const placeIn =
    (real: string): Place =>
    (at) =>
      isInside(real, at) && ruleAllows(userPathBelow(real, at));

  return {
    root,
    ruleAllows,
    realRoot,
    /** The place check of the view now (its real root looked up, or reused for a second). */
    place: async () => placeIn(await realRoot()),
    /**
     * The real path of `abs` (which may not exist yet) when it stays inside the view once links
     * are resolved, at a place the rules allow (a link never opens a denied path); else undefined.
     */
    async realInside(abs: string): Promise<string | undefined> {
      const check = placeIn(await realRoot());
      const real = await realpathOfExisting(abs);
      return check(real) ? real : undefined;
    },
  };
}

export type ViewPlace = ReturnType<typeof createViewPlace>;
