// Copies of a Mauro-TeX document with ONE error put in, generated deterministically: a brace
// removed or added, a macro misspelt, a siglum not declared, a reading without `:`, an argument
// missing. Used by the agreement tests of the checker and the stand-in compilers.

export interface Mutation {
  /** `kind@offset`, stable for a given text. */
  name: string;
  text: string;
}

/** Up to `count` items spread evenly over `items`. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor(((i + 0.5) * items.length) / count)]!);
  return out;
}

/** Offsets in `text` matching `re` (global), outside `%` comments and before the body's start. */
function matches(text: string, re: RegExp, bodyStart: number): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  for (const m of text.matchAll(re)) {
    if (m.index < bodyStart) continue;
    const lineStart = text.lastIndexOf("\n", m.index - 1) + 1;
    if (text.slice(lineStart, m.index).includes("%")) continue;
    found.push(m);
  }
  return found;
}

function splice(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/** Macros taking two braced arguments, and one. */
const TWO = /\\(LB|Title|frac|href|Markup)\{[^{}]*\}(\{[^{}]*\})/g;
const ONE = /\\(Capitolo|Sottocapitolo|Lemma|INTE|ABBR|Sup|Folium|Teorema)(\{[^{}]*\})/g;
const READING = /\{([A-Za-z0-9+*]+(?:\/[A-Za-z0-9+*]+)*):/g;

/** Every mutation of `text` (about 25 for a fixture). */
export function mutations(text: string): Mutation[] {
  const cut = text.indexOf("\\htmlcut");
  const body = cut < 0 ? 0 : cut + "\\htmlcut".length;
  const out: Mutation[] = [];
  const add = (kind: string, at: number, mutated: string) => {
    if (mutated !== text) out.push({ name: `${kind}@${at}`, text: mutated });
  };
  for (const m of spread(matches(text, /\}/g, body), 4)) {
    add("brace-removed", m.index, splice(text, m.index, 1, ""));
  }
  for (const m of spread(matches(text, /\{/g, body), 3)) {
    add("open-brace-removed", m.index, splice(text, m.index, 1, ""));
  }
  for (const m of spread(matches(text, /[A-Za-z]+ /g, body), 3)) {
    add("brace-added", m.index, splice(text, m.index + m[0].length - 1, 0, "}"));
  }
  for (const m of spread(matches(text, /\\[A-Za-z]+/g, body), 4)) {
    add("macro-misspelt", m.index, splice(text, m.index + m[0].length, 0, "q"));
  }
  for (const m of spread(matches(text, READING, body), 3)) {
    const first = m[1]!.split("/")[0]!;
    if (first === "*") continue;
    add("siglum-undeclared", m.index, splice(text, m.index + 1, first.length, "Zq"));
  }
  for (const m of spread(matches(text, READING, body), 3)) {
    add("reading-colon", m.index, splice(text, m.index + m[0].length - 1, 1, " "));
  }
  for (const m of spread(matches(text, TWO, body), 2)) {
    const second = m[2]!;
    add(
      "argument-missing",
      m.index,
      splice(text, m.index + m[0].length - second.length, second.length, ""),
    );
  }
  for (const m of spread(matches(text, ONE, body), 2)) {
    const arg = m[2]!;
    add(
      "argument-missing",
      m.index,
      splice(text, m.index + m[0].length - arg.length, arg.length, " "),
    );
  }
  return out;
}
