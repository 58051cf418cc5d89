import type { ParsedQuery, SearchResult } from "@scriptorium/shared";
import { extensionOf, kindNamed, kindOf } from "./entry-kind.js";
import type { NameIndex } from "./name-index.js";

/** Results of one query at most: beyond it, a query is too vague to be read anyway. */
export const MAX_RESULTS = 10_000;

/** Whether a file of this name meets one `type:` condition (API.md Part B §9, plus text and blob). */
export function nameMeetsType(name: string, type: string): boolean {
  const kind = kindNamed(type);
  if (kind !== undefined) return kindOf(name, false) === kind;
  return extensionOf(name) === `.${type}`;
}

/** The same test on an indexed entry, by the kind kept for it. */
function meetsType(index: NameIndex, id: number, type: string): boolean {
  if (index.isDir(id)) return false;
  const kind = kindNamed(type);
  if (kind !== undefined) return index.kindOf(id) === kind;
  return extensionOf(index.nameOf(id)) === `.${type}`;
}

/** A candidate that passed the name test, before the user's filters. */
export interface Hit {
  id: number;
  /** 0: every term in the name; 1: some term. */
  rank: number;
}

/**
 * Scans the index for entries below `under` whose name holds a term (any, OR-ed as File
 * Browser does) and that meet a `type:` condition (any), ranked: all terms first, then the most
 * recently modified. `accept` applies the user's rules and hidden-file preference.
 */
export function searchNames(
  index: NameIndex,
  under: number,
  query: ParsedQuery,
  accept: (id: number) => boolean,
): Hit[] {
  const { terms } = query;
  const hits: Hit[] = [];
  const consider = (id: number, rank: number) => {
    if (id === under) return;
    if (query.types.length > 0 && !query.types.some((t) => meetsType(index, id, t))) return;
    if (!index.isUnder(id, under) || !accept(id)) return;
    hits.push({ id, rank });
  };
  if (terms.length > 0 && !query.caseSensitive) {
    // The fast way: each term found in the joined lower-cased names, terms counted per entry.
    const counts = new Map<number, number>();
    for (const term of terms) {
      index.eachNameHolding(term, (id) => counts.set(id, (counts.get(id) ?? 0) + 1));
    }
    for (const [id, found] of counts) consider(id, found === terms.length ? 0 : 1);
  } else {
    const end = index.capacity;
    for (let id = 1; id < end; id++) {
      if (!index.isAlive(id)) continue;
      let rank = 0;
      if (terms.length > 0) {
        const name = index.nameOf(id);
        let found = 0;
        for (const term of terms) if (name.includes(term)) found += 1;
        if (found === 0) continue;
        rank = found === terms.length ? 0 : 1;
      }
      consider(id, rank);
    }
  }
  hits.sort((a, b) => a.rank - b.rank || index.modifiedOf(b.id) - index.modifiedOf(a.id));
  return hits.slice(0, MAX_RESULTS);
}

/** The answer of a hit: its path below the searched folder. */
export function resultOf(index: NameIndex, hit: Hit, under: number): SearchResult {
  return { dir: index.isDir(hit.id), path: index.pathBelow(hit.id, under) };
}
