import type { Dirent, Stats } from "node:fs";
import path from "node:path";
import { isStrictlyWithin, type Rule } from "@scriptorium/shared";
import { AppError } from "../errors.js";

/** Entries a regex-rule walk looks at before it gives up (the request is then refused). */
const WALK_LIMIT = 200_000;

/** The two calls the walk needs, through a view's link-safe operations. */
export interface FolderReader {
  lstatOrNone(abs: string): Promise<Stats | undefined>;
  readdirTyped(abs: string): Promise<Dirent[]>;
}

/** An entry the rules deny: its user path, its place on disk, and whether it is a folder. */
export interface DeniedEntry {
  userPath: string;
  abs: string;
  isDir: boolean;
}

/**
 * The entries below `userPath` (the folder at `abs`) that the rules deny, denied folders not
 * entered. Path rules are looked up where they point (no walk); regex rules need a walk of the
 * folder, which never follows links and stops at a bound (400). Lazy: a caller that needs only
 * the first stops the walk there. A path rule's entry may come again from the walk.
 */
async function* deniedBelow(
  reader: FolderReader,
  rules: readonly Rule[],
  ruleAllows: (userPath: string) => boolean,
  userPath: string,
  abs: string,
): AsyncGenerator<DeniedEntry> {
  const below = (rulePath: string) => path.join(abs, path.posix.relative(userPath, rulePath));
  for (const rule of rules) {
    if (rule.regex || rule.allow) continue;
    const rulePath = rule.path.replace(/\/+$/, "") || "/";
    if (!isStrictlyWithin(userPath, rulePath) || ruleAllows(rulePath)) continue;
    const info = await reader.lstatOrNone(below(rulePath));
    if (info) yield { userPath: rulePath, abs: below(rulePath), isDir: info.isDirectory() };
  }
  if (!rules.some((rule) => rule.regex && !rule.allow)) return;

  let seen = 0;
  const queue: [string, string][] = [[userPath, abs]];
  for (let i = 0; i < queue.length; i++) {
    const [dirPath, dirAbs] = queue[i] as [string, string];
    const entries = await reader.readdirTyped(dirAbs).catch(() => []);
    for (const entry of entries) {
      if (++seen > WALK_LIMIT) {
        throw new AppError("BAD_REQUEST", "These files are too many to check against the rules");
      }
      const childPath = dirPath === "/" ? `/${entry.name}` : `${dirPath}/${entry.name}`;
      const childAbs = path.join(dirAbs, entry.name);
      if (!ruleAllows(childPath))
        yield { userPath: childPath, abs: childAbs, isDir: entry.isDirectory() };
      else if (entry.isDirectory()) queue.push([childPath, childAbs]);
    }
  }
}

/**
 * The first path below `userPath` that the rules deny, or undefined. Moving such a folder would
 * uncover the denied path under its new name, so moves are refused when this finds one.
 */
export async function findDeniedBelow(
  reader: FolderReader,
  rules: readonly Rule[],
  ruleAllows: (userPath: string) => boolean,
  userPath: string,
  abs: string,
): Promise<string | undefined> {
  if (rules.length === 0) return undefined;
  for await (const entry of deniedBelow(reader, rules, ruleAllows, userPath, abs))
    return entry.userPath;
  return undefined;
}

/** Every entry below `userPath` that the rules deny (paths under `abs`): what a sandbox masks. */
export async function listDeniedBelow(
  reader: FolderReader,
  rules: readonly Rule[],
  ruleAllows: (userPath: string) => boolean,
  userPath: string,
  abs: string,
): Promise<{ path: string; isDir: boolean }[]> {
  const denied = new Map<string, boolean>();
  for await (const entry of deniedBelow(reader, rules, ruleAllows, userPath, abs)) {
    denied.set(entry.abs, entry.isDir);
  }
  return [...denied].map(([p, isDir]) => ({ path: p, isDir }));
}
