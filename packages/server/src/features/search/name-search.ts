import { foldForSearch, type ParsedQuery, type SearchResult } from "@scriptorium/shared";
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

/** Positions of candidates fit in the low 22 bits of a sort key (seconds above them). */
const POSITION_BITS = 2 ** 22;

/**
 * Candidates, most recently modified first: keys `seconds * 2^22 + position` sorted as a
 * Float64Array (exact below 2^53), not objects with a comparator (a hundred thousand
 * candidates sort in milliseconds).
 */
function newestFirst(index: NameIndex, ids: readonly number[]): number[] {
  if (ids.length >= POSITION_BITS) {
    return [...ids].sort((a, b) => index.modifiedOf(b) - index.modifiedOf(a));
  }
  const keys = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    keys[i] = Math.max(0, Math.floor(index.modifiedOf(ids[i]!) / 1000)) * POSITION_BITS + i;
  }
  keys.sort();
  const out = new Array<number>(ids.length);
  for (let i = 0; i < keys.length; i++) out[i] = ids[keys[keys.length - 1 - i]! % POSITION_BITS]!;
  return out;
}

/**
 * Entries below `under` whose name holds a term (any, OR-ed as File Browser does) and that
 * meet a `type:` condition (any): names holding every term first, then the most recently
 * modified. `accept` (the user's rules and hidden-file preference) runs in that order and only
 * until MAX_RESULTS are kept.
 */
export function searchNames(
  index: NameIndex,
  under: number,
  query: ParsedQuery,
  accept: (id: number) => boolean,
): Hit[] {
  const { types } = query;
  // Case and accents folded as full text folds them ("citta" finds "Città"), unless the query
  // says case:sensitive: then names are compared as they are.
  const terms = query.caseSensitive ? query.terms : query.terms.map(foldForSearch);
  const byRank: [number[], number[]] = [[], []];
  const typed = (id: number) => types.length === 0 || types.some((t) => meetsType(index, id, t));
  if (terms.length > 0 && !query.caseSensitive) {
    // The fast way: each term found in the joined folded names.
    if (terms.length === 1) {
      index.eachNameHolding(terms[0]!, (id) => {
        if (typed(id)) byRank[0].push(id);
      });
    } else {
      // Terms per entry, counted in a typed array (at most 255 terms count).
      const counts = new Uint8Array(index.capacity);
      const touched: number[] = [];
      for (const term of terms) {
        index.eachNameHolding(term, (id) => {
          if (counts[id] === 0) touched.push(id);
          if (counts[id]! < 255) counts[id]! += 1;
        });
      }
      const all = Math.min(terms.length, 255);
      for (const id of touched) {
        if (typed(id)) byRank[counts[id] === all ? 0 : 1].push(id);
      }
    }
  } else {
    const end = index.capacity;
    for (let id = 1; id < end; id++) {
      if (!index.isAlive(id)) continue;
      let found = terms.length;
      if (terms.length > 0) {
        const name = index.nameOf(id);
        found = 0;
        for (const term of terms) if (name.includes(term)) found += 1;
        if (found === 0) continue;
      }
      if (typed(id)) byRank[found === terms.length ? 0 : 1].push(id);
    }
  }
  const hits: Hit[] = [];
  for (const rank of [0, 1]) {
    for (const id of newestFirst(index, byRank[rank]!)) {
      if (id === under || !index.isUnder(id, under) || !accept(id)) continue;
      hits.push({ id, rank });
      if (hits.length >= MAX_RESULTS) return hits;
    }
  }
  return hits;
}

/** The answer of a hit: its path below the searched folder. */
export function resultOf(index: NameIndex, hit: Hit, under: number): SearchResult {
  return { dir: index.isDir(hit.id), path: index.pathBelow(hit.id, under) };
}
