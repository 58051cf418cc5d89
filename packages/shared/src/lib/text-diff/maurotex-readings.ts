import type { ReadingChange } from "../../schemas/history.js";
import { DEL, diffSequences, INS, Interner, SAME } from "./sequence-diff.js";

/**
 * Mauro-TeX macros whose argument is a list of readings, one group per reading with the sigla of
 * its witnesses: `\VV{{A/B:reading}{C:other}}` (a variant in the text), `\VF{{*:$Y$}{B:$V$}}` (a
 * variant of a figure), `\NOTAMARG{{*:…}}` (a margin note of some witnesses).
 */
export const VARIANT_MACROS = ["\\VV", "\\VF", "\\NOTAMARG"] as const;

/** One reading of a variant: the witnesses (`*` for all the others) and their text. */
export interface VariantReading {
  sigla: string[];
  reading: string;
}

/** A variant macro found in a text. */
export interface Variant {
  macro: string;
  /** 1-based line of the macro. */
  line: number;
  readings: VariantReading[];
  /** The macro and its argument with blanks collapsed: equal keys, equal variants. */
  key: string;
}

const MACRO_NAMES = new Set(VARIANT_MACROS.map((m) => m.slice(1)));
const SPECIAL = /[\\%]/g;
const SIGLA_PART = /^[\s\w+*/.-]*$/u;

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Index after the group opened at `open` (a `{`), or -1 when it is never closed. */
function groupEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "%") {
      const eol = text.indexOf("\n", i);
      if (eol < 0) return -1;
      i = eol;
    } else if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function skipBlanks(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/** The readings inside a variant's argument (`{A/B:r}{C:s}`; what lies between groups is left aside). */
function readingsOf(inner: string): VariantReading[] {
  const readings: VariantReading[] = [];
  let i = 0;
  while (i < inner.length) {
    if (inner[i] !== "{") {
      i += inner[i] === "\\" ? 2 : 1;
      continue;
    }
    const end = groupEnd(inner, i);
    if (end < 0) break;
    const body = inner.slice(i + 1, end - 1);
    const colon = body.indexOf(":");
    const head = colon < 0 ? "" : body.slice(0, colon);
    if (colon >= 0 && SIGLA_PART.test(head)) {
      const sigla = head
        .split("/")
        .map((s) => s.trim())
        .filter((s) => s !== "");
      readings.push({ sigla, reading: collapse(body.slice(colon + 1)) });
    }
    i = end;
  }
  return readings;
}

/** The variants of a Mauro-TeX text, in order (commented-out ones left aside). */
export function parseVariants(text: string): Variant[] {
  const variants: Variant[] = [];
  let line = 1;
  let i = 0;
  const advanceTo = (target: number): void => {
    for (; i < target; i++) if (text.charCodeAt(i) === 10) line++;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "%") {
      const eol = text.indexOf("\n", i);
      advanceTo(eol < 0 ? text.length : eol);
      continue;
    }
    if (c !== "\\") {
      SPECIAL.lastIndex = i;
      const next = SPECIAL.exec(text);
      advanceTo(next ? next.index : text.length);
      continue;
    }
    const name = /^[A-Za-z]+/.exec(text.slice(i + 1, i + 40))?.[0] ?? "";
    if (!MACRO_NAMES.has(name)) {
      advanceTo(i + 1 + Math.max(1, name.length));
      continue;
    }
    const macroLine = line;
    const open = skipBlanks(text, i + 1 + name.length);
    const end = text[open] === "{" ? groupEnd(text, open) : -1;
    if (end < 0) {
      advanceTo(i + 1 + name.length);
      continue;
    }
    const inner = text.slice(open + 1, end - 1);
    variants.push({
      macro: `\\${name}`,
      line: macroLine,
      readings: readingsOf(inner),
      key: `\\${name}{${collapse(inner)}}`,
    });
    advanceTo(end);
  }
  return variants;
}

/** Each siglum's reading (several readings of one siglum joined by ` | `), in order of sigla. */
function readingMap(variant: Variant): Map<string, string> {
  const map = new Map<string, string>();
  for (const { sigla, reading } of variant.readings) {
    for (const siglum of sigla) {
      const before = map.get(siglum);
      map.set(siglum, before === undefined ? reading : `${before} | ${reading}`);
    }
  }
  return map;
}

/** Two variants are one edited variant when they share most sigla or a reading. */
function related(a: Variant, b: Variant): boolean {
  if (a.macro !== b.macro) return false;
  const ma = readingMap(a);
  const mb = readingMap(b);
  let shared = 0;
  for (const siglum of ma.keys()) if (mb.has(siglum)) shared++;
  const union = ma.size + mb.size - shared;
  if (union > 0 && shared * 2 >= union) return true;
  const readingsA = new Set(a.readings.map((r) => r.reading));
  return b.readings.some((r) => readingsA.has(r.reading));
}

function compare(oldV: Variant | null, newV: Variant | null): ReadingChange | null {
  const before = oldV ? readingMap(oldV) : new Map<string, string>();
  const after = newV ? readingMap(newV) : new Map<string, string>();
  const sigla: string[] = [];
  for (const siglum of [...after.keys(), ...before.keys()]) {
    if (!sigla.includes(siglum) && before.get(siglum) !== after.get(siglum)) sigla.push(siglum);
  }
  const variant = (newV ?? oldV) as Variant;
  if (sigla.length === 0) return null;
  return {
    kind: !oldV ? "added" : !newV ? "removed" : "changed",
    macro: variant.macro,
    line: variant.line,
    sigla,
    readings: sigla.map((siglum) => ({
      siglum,
      old: before.get(siglum) ?? null,
      new: after.get(siglum) ?? null,
    })),
  };
}

/**
 * The variants whose readings differ between two Mauro-TeX texts. Variants are matched in
 * order (equal ones stay unreported); between two matches, an old and a new variant that share
 * most sigla are one changed variant, the others were removed or added.
 */
export function diffReadings(oldText: string, newText: string): ReadingChange[] {
  const a = parseVariants(oldText);
  const b = parseVariants(newText);
  const interner = new Interner();
  const ops = diffSequences(
    interner.idsOf(a.map((v) => v.key)),
    interner.idsOf(b.map((v) => v.key)),
  );
  const changes: ReadingChange[] = [];
  let i = 0;
  let j = 0;
  let p = 0;
  while (p < ops.length) {
    if (ops[p] === SAME) {
      i++;
      j++;
      p++;
      continue;
    }
    const removed: Variant[] = [];
    const added: Variant[] = [];
    while (p < ops.length && ops[p] !== SAME) {
      if (ops[p] === DEL) removed.push(a[i++] as Variant);
      else if (ops[p] === INS) added.push(b[j++] as Variant);
      p++;
    }
    pairVariants(removed, added, changes);
  }
  return changes;
}

function pairVariants(removed: Variant[], added: Variant[], out: ReadingChange[]): void {
  const emit = (change: ReadingChange | null): void => {
    if (change) out.push(change);
  };
  let r = 0;
  let s = 0;
  while (r < removed.length || s < added.length) {
    const oldV = removed[r];
    const newV = added[s];
    if (oldV && newV && related(oldV, newV)) {
      emit(compare(oldV, newV));
      r++;
      s++;
    } else if (newV && (!oldV || (added[s + 1] && related(oldV, added[s + 1] as Variant)))) {
      emit(compare(null, newV));
      s++;
    } else if (oldV) {
      emit(compare(oldV, null));
      r++;
    } else if (newV) {
      emit(compare(null, newV));
      s++;
    }
  }
}
