import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Rule } from "@scriptorium/shared";
import { badRequest, forbidden } from "../errors.js";
import { isInside, normalizeRequestPath, scopeRoot } from "../lib/safe-path.js";
import { findDeniedBelow, listDeniedBelow } from "./denied-below.js";
import type { Place } from "./descriptor.js";
import { createFileOps, mapped } from "./file-ops.js";
import { createRuleChecker } from "./rules.js";

/** What the gate needs of a user: scope, rules and the hidden-files preference. */
export interface ScopedUser {
  scope: string;
  rules: readonly Rule[];
  hideDotfiles: boolean;
}

/** A request path resolved inside the user's scope. */
export interface ResolvedPath {
  /** The path as requested (decoded once), echoed in responses. */
  requestPath: string;
  /** Normalised user path: starts with "/", no trailing slash except the root. */
  path: string;
  trailingSlash: boolean;
  /** The path on disk (not dereferenced). */
  abs: string;
  /** Where `abs` (or its parent, when the link itself was asked for) really is, links resolved. */
  real: string;
}

const outside = () => forbidden("This path is outside your scope", "PATH_OUTSIDE_SCOPE");

/** Real path of `abs`, or of its deepest existing ancestor joined with the missing rest. */
async function realpathOfExisting(abs: string): Promise<string> {
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

/**
 * The one gate between requests and the filesystem for a user: normalisation, hidden files,
 * global then user rules, scope containment by path components, and the symlink policy of
 * API.md Part A §1 (a link is followed only when its target stays inside the scope, at a place
 * the rules allow). `base` roots the view at a folder of the scope (a folder share): paths,
 * links and containment are then relative to that folder, while rules still see scope paths.
 */
export function createUserFs(
  serverRoot: string,
  user: ScopedUser,
  globalRules: readonly Rule[],
  base = "/",
) {
  const root = path.join(scopeRoot(serverRoot, user.scope), base);
  const checker = createRuleChecker(globalRules, user.rules);
  // A view rooted below the scope (a shared folder) keeps the owner's rules where they were.
  const ruleAllows =
    base === "/" ? checker : (userPath: string) => checker(path.posix.join(base, userPath));
  const scopeFolder = scopeRoot(serverRoot, user.scope);
  /** A view's root below the scope: inside the scope's real folder, where the rules allow. */
  const baseAllowed = (real: string, scopeReal: string) => {
    if (!isInside(scopeReal, real)) return false;
    const rel = path.relative(scopeReal, real).split(path.sep).join("/");
    return checker(rel === "" ? "/" : `/${rel}`);
  };
  const rootKey = base === "/" ? root : JSON.stringify([root, globalRules, user.rules]);
  const getRealRoot = () => realRootOf(serverRoot, scopeFolder, root, baseAllowed, rootKey);
  /** Where a descriptor of this view may be: inside the real root, at a place the rules allow. */
  const placeIn =
    (realRoot: string): Place =>
    (real) => {
      if (!isInside(realRoot, real)) return false;
      const rel = path.relative(realRoot, real).split(path.sep).join("/");
      return ruleAllows(rel === "" ? "/" : `/${rel}`);
    };
  const ops = createFileOps(root, async () => placeIn(await getRealRoot()));

  /** Hidden-file and rule check of a normalised user path (API.md §2.1). */
  function allowed(userPath: string): boolean {
    if (user.hideDotfiles && userPath !== "/" && path.posix.basename(userPath).startsWith(".")) {
      return false;
    }
    return ruleAllows(userPath);
  }

  /**
   * True when `abs` (which may not exist yet) stays inside the scope once links are resolved,
   * and the resolved place is one the rules allow (a link never opens a denied path).
   */
  async function containsReal(abs: string): Promise<boolean> {
    return (await realInside(abs)) !== undefined;
  }
  /** The real path of `abs` when containsReal holds, else undefined. */
  async function realInside(abs: string): Promise<string | undefined> {
    const realRoot = await getRealRoot();
    const real = await realpathOfExisting(abs);
    return placeIn(realRoot)(real) ? real : undefined;
  }

  let rulesKey: string | undefined;

  return {
    root,
    allowed,
    /**
     * What decides which paths `allowed` lets through, as one string: two views with the same
     * key see the same entries of a folder (the listing cache keys its filtered lists by it).
     */
    rulesKey(): string {
      rulesKey ??= JSON.stringify([root, base, user.hideDotfiles, globalRules, user.rules]);
      return rulesKey;
    },
    /** The rules alone (no hidden-file check): what a move must carry along. */
    rulesAllow: ruleAllows,
    containsReal,
    /**
     * Refuses (403 RULE_DENIED) when a path below the folder `userPath` is denied by the rules:
     * moving it would make that path readable under the new name.
     */
    async assertNothingDeniedBelow(userPath: string, abs: string): Promise<void> {
      const rules = [...globalRules, ...user.rules];
      if (await mapped(() => findDeniedBelow(ops, rules, ruleAllows, userPath, abs))) {
        throw forbidden(
          "This folder holds files you may not access, so it cannot be moved",
          "RULE_DENIED",
        );
      }
    },

    /**
     * Entries of the scope the rules deny (real paths; denied folders not entered): what a
     * sandboxed program run for this user is not shown.
     */
    async listDenied(): Promise<{ path: string; isDir: boolean }[]> {
      const rules = [...globalRules, ...user.rules];
      if (!rules.some((rule) => !rule.allow)) return [];
      const realRoot = await getRealRoot();
      const denied = await mapped(() => listDeniedBelow(ops, rules, ruleAllows, "/", root));
      return denied.map((entry) => ({
        path: path.join(realRoot, path.relative(root, entry.path)),
        isDir: entry.isDir,
      }));
    },

    /**
     * The real path of this view's root, refused (403) when it is not inside the real files
     * root: what a sandbox binds as the user's folder.
     */
    realRoot: () => mapped(getRealRoot),
    /** The real path of `abs` (links resolved), or of its deepest existing ancestor + the rest. */
    realOf: (abs: string) => mapped(() => realpathOfExisting(abs)),
    ...ops,

    /**
     * Resolves a request path. `followLink: false` checks only the parent folder, for
     * operations on a link itself (delete removes the link, never its target).
     */
    async resolve(requestPath: string, opts: { followLink?: boolean } = {}): Promise<ResolvedPath> {
      let normalized: { path: string; trailingSlash: boolean };
      try {
        normalized = normalizeRequestPath(requestPath);
      } catch {
        throw badRequest("Invalid path");
      }
      if (!allowed(normalized.path))
        throw forbidden("Access to this path is not allowed", "RULE_DENIED");
      const abs = path.join(root, normalized.path);
      const target = opts.followLink === false ? path.dirname(abs) : abs;
      const real = await mapped(() => realInside(target));
      if (real === undefined) throw outside();
      const { path: userPath, trailingSlash } = normalized;
      return { requestPath, path: userPath, trailingSlash, abs, real };
    },

    /** The user path of a child entry of a listed folder. */
    child(parent: string, name: string): string {
      return parent === "/" ? `/${name}` : `${parent}/${name}`;
    },

    /** Creates the missing folders above `abs` (which resolve() placed inside the scope). */
    async ensureParent(abs: string): Promise<void> {
      await ops.mkdir(path.dirname(abs));
    },
  };
}

export type UserFs = ReturnType<typeof createUserFs>;
