import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { isStrictlyWithin, type Rule } from "@scriptorium/shared";
import { AppError } from "../errors.js";

/** Entries a regex-rule walk looks at before it gives up (the move is then refused). */
const WALK_LIMIT = 200_000;

/**
 * The first path below `userPath` (the folder at `abs`) that the rules deny, or undefined.
 * Path rules are checked where they point (no walk); regex rules need a walk of the folder,
 * which never follows links and stops at a bound. Moving such a folder would uncover the denied
 * path under its new name, so moves are refused when this finds one.
 */
export async function findDeniedBelow(
  rules: readonly Rule[],
  ruleAllows: (userPath: string) => boolean,
  userPath: string,
  abs: string,
): Promise<string | undefined> {
  if (rules.length === 0) return undefined;
  const below = (rulePath: string) => path.join(abs, path.posix.relative(userPath, rulePath));
  for (const rule of rules) {
    if (rule.regex || rule.allow) continue;
    const rulePath = rule.path.replace(/\/+$/, "") || "/";
    if (!isStrictlyWithin(userPath, rulePath) || ruleAllows(rulePath)) continue;
    if (
      await lstat(below(rulePath)).then(
        () => true,
        () => false,
      )
    )
      return rulePath;
  }
  if (!rules.some((rule) => rule.regex && !rule.allow)) return undefined;

  let seen = 0;
  const queue: [string, string][] = [[userPath, abs]];
  for (let i = 0; i < queue.length; i++) {
    const [dirPath, dirAbs] = queue[i] as [string, string];
    const entries = await readdir(dirAbs, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (++seen > WALK_LIMIT) {
        throw new AppError("BAD_REQUEST", "This folder is too large to check against the rules");
      }
      const childPath = dirPath === "/" ? `/${entry.name}` : `${dirPath}/${entry.name}`;
      if (!ruleAllows(childPath)) return childPath;
      if (entry.isDirectory()) queue.push([childPath, path.join(dirAbs, entry.name)]);
    }
  }
  return undefined;
}

/**
 * Every entry below the folder `abs` (the user path `userPath`) that the rules deny, without
 * descending into denied folders: what a sandboxed tool must not see. Path rules are looked up
 * where they point; regex rules need a bounded walk that never follows links.
 */
export async function listDeniedBelow(
  rules: readonly Rule[],
  ruleAllows: (userPath: string) => boolean,
  userPath: string,
  abs: string,
): Promise<{ path: string; isDir: boolean }[]> {
  const denied = new Map<string, boolean>();
  const below = (rulePath: string) => path.join(abs, path.posix.relative(userPath, rulePath));
  for (const rule of rules) {
    if (rule.regex || rule.allow) continue;
    const rulePath = rule.path.replace(/\/+$/, "") || "/";
    if (!isStrictlyWithin(userPath, rulePath) || ruleAllows(rulePath)) continue;
    const info = await lstat(below(rulePath)).catch(() => undefined);
    if (info) denied.set(below(rulePath), info.isDirectory());
  }
  if (rules.some((rule) => rule.regex && !rule.allow)) {
    let seen = 0;
    const queue: [string, string][] = [[userPath, abs]];
    for (let i = 0; i < queue.length; i++) {
      const [dirPath, dirAbs] = queue[i] as [string, string];
      const entries = await readdir(dirAbs, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (++seen > WALK_LIMIT) {
          throw new AppError("BAD_REQUEST", "Your files are too many to check against the rules");
        }
        const childPath = dirPath === "/" ? `/${entry.name}` : `${dirPath}/${entry.name}`;
        const childAbs = path.join(dirAbs, entry.name);
        if (!ruleAllows(childPath)) denied.set(childAbs, entry.isDirectory());
        else if (entry.isDirectory()) queue.push([childPath, childAbs]);
      }
    }
  }
  return [...denied].map(([p, isDir]) => ({ path: p, isDir }));
}
