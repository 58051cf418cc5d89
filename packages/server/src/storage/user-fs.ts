import path from "node:path";
import type { Rule } from "@scriptorium/shared";
import { badRequest, forbidden } from "../errors.js";
import { normalizeRequestPath } from "../lib/safe-path.js";
import { findDeniedBelow, listDeniedBelow } from "./denied-below.js";
import { createFileOps, mapped, type FileOps } from "./file-ops.js";
import { bindVersions, type VersionHook } from "./version-hook.js";
import { createViewPlace, outside, realpathOfExisting, type ViewPlace } from "./view-place.js";

/** What the gate needs of a user: scope, rules and the hidden-files preference. */
export interface ScopedUser {
  scope: string;
  rules: readonly Rule[];
  hideDotfiles: boolean;
  /** Who writes through the view (the versions' `replaced_by`). */
  username?: string;
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

/**
 * Resolves a request path in a view. `followLink: false` checks only the parent folder, for
 * operations on a link itself (delete removes the link, never its target).
 */
async function resolveIn(
  view: ViewPlace,
  allowed: (userPath: string) => boolean,
  requestPath: string,
  opts: { followLink?: boolean },
): Promise<ResolvedPath> {
  let normalized: { path: string; trailingSlash: boolean };
  try {
    normalized = normalizeRequestPath(requestPath);
  } catch {
    throw badRequest("Invalid path");
  }
  if (!allowed(normalized.path))
    throw forbidden("Access to this path is not allowed", "RULE_DENIED");
  const abs = path.join(view.root, normalized.path);
  const target = opts.followLink === false ? path.dirname(abs) : abs;
  const real = await mapped(() => view.realInside(target));
  if (real === undefined) throw outside();
  const { path: userPath, trailingSlash } = normalized;
  return { requestPath, path: userPath, trailingSlash, abs, real };
}

/** What the rules deny below a folder of a view: for moves and for sandboxed programs. */
function deniedIn(view: ViewPlace, ops: FileOps, rules: readonly Rule[]) {
  return {
    /**
     * Refuses (403 RULE_DENIED) when a path below the folder `userPath` is denied by the rules:
     * moving it would make that path readable under the new name.
     */
    async assertNothingDeniedBelow(userPath: string, abs: string): Promise<void> {
      if (await mapped(() => findDeniedBelow(ops, rules, view.ruleAllows, userPath, abs))) {
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
      if (!rules.some((rule) => !rule.allow)) return [];
      const realRoot = await view.realRoot();
      const denied = await mapped(() =>
        listDeniedBelow(ops, rules, view.ruleAllows, "/", view.root),
      );
      return denied.map((entry) => ({
        path: path.join(realRoot, path.relative(view.root, entry.path)),
        isDir: entry.isDir,
      }));
    },
  };
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
  versions?: VersionHook,
) {
  const view = createViewPlace(serverRoot, user, globalRules, base);
  const { root, ruleAllows } = view;
  const ops = createFileOps(root, view.place, bindVersions(versions, user.username ?? ""));

  /** Hidden-file and rule check of a normalised user path (API.md §2.1). */
  function allowed(userPath: string): boolean {
    if (user.hideDotfiles && userPath !== "/" && path.posix.basename(userPath).startsWith(".")) {
      return false;
    }
    return ruleAllows(userPath);
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
    /**
     * True when `abs` (which may not exist yet) stays inside the scope once links are resolved,
     * and the resolved place is one the rules allow (a link never opens a denied path).
     */
    containsReal: async (abs: string) => (await view.realInside(abs)) !== undefined,
    ...deniedIn(view, ops, [...globalRules, ...user.rules]),
    /**
     * The real path of this view's root, refused (403) when it is not inside the real files
     * root: what a sandbox binds as the user's folder.
     */
    realRoot: () => mapped(view.realRoot),
    /** The real path of `abs` (links resolved), or of its deepest existing ancestor + the rest. */
    realOf: (abs: string) => mapped(() => realpathOfExisting(abs)),
    ...ops,
    resolve: (requestPath: string, opts: { followLink?: boolean } = {}) =>
      resolveIn(view, allowed, requestPath, opts),

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
