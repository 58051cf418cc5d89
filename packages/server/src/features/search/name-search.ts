import type { ParsedQuery, SearchResult } from "@scriptorium/shared";
import { mimeFromExtension } from "../../lib/mime.js";
import { isTextLike } from "../resources/file-type.js";
import type { NameIndex } from "./name-index.js";

/** Results of one query at most: beyond it, a query is too vague to be read anyway. */
export const MAX_RESULTS = 10_000;

/** From the last dot, dot included ("" when none), as listings report it. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}

/** Whether an entry meets one `type:` condition (API.md Part B §9, plus text and blob). */
function meetsType(index: NameIndex, id: number, type: string): boolean {
  return !index.isDir(id) && nameMeetsType(index.nameOf(id), type);
}

/** Whether a file of this name meets one `type:` condition. */
export function nameMeetsType(name: string, type: string): boolean {
  const ext = extensionOf(name);
  const mime = mimeFromExtension(ext) ?? "";
  switch (type) {
    case "image":
    case "video":
      return mime.startsWith(type);
    case "audio":
    case "music":
      return mime.startsWith("audio");
    case "pdf":
      return mime.endsWith("pdf") || ext === ".pdf";
    case "text":
      return isTextLike(mime);
    case "blob":
      return !/^(image|audio|video)/.test(mime) && !mime.endsWith("pdf") && !isTextLike(mime);
    default:
      return ext === `.${type}`;
  }
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
  const terms = query.terms;
  const hits: Hit[] = [];
  const end = index.capacity;
  for (let id = 1; id < end; id++) {
    if (!index.isAlive(id) || id === under) continue;
    let rank = 0;
    if (terms.length > 0) {
      const name = query.caseSensitive ? index.nameOf(id) : index.lowerNameOf(id);
      let found = 0;
      for (const term of terms) if (name.includes(term)) found += 1;
      if (found === 0) continue;
      rank = found === terms.length ? 0 : 1;
    }
    if (query.types.length > 0 && !query.types.some((t) => meetsType(index, id, t))) continue;
    if (!index.isUnder(id, under) || !accept(id)) continue;
    hits.push({ id, rank });
  }
  hits.sort((a, b) => a.rank - b.rank || index.modifiedOf(b.id) - index.modifiedOf(a.id));
  return hits.slice(0, MAX_RESULTS);
}

/** The answer of a hit: its path below the searched folder. */
export function resultOf(index: NameIndex, hit: Hit, under: number): SearchResult {
  return { dir: index.isDir(hit.id), path: index.pathBelow(hit.id, under) };
}
