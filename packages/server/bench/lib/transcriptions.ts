/**
 * Mauro-TeX test data made of the edition's fixtures (/work/shared/fixtures/maurotex, beside
 * the repository): one large transcription (the fixtures one after another), and a corpus of
 * many files whose lines are the fixtures' lines with words varied, so that no two files are
 * the same and the words have a long tail of rare forms, as a real edition's do.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The edition's Mauro-TeX samples, beside the repository (as the checker's figure reads them). */
export const FIXTURES = fileURLToPath(
  new URL("../../../../../shared/fixtures/maurotex/", import.meta.url),
);

function fixtureTexts(dir: string): string[] {
  const parts = readdirSync(dir)
    .filter((name) => name.endsWith(".tex"))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
  if (parts.length === 0) throw new Error(`no .tex fixtures in ${dir}`);
  return parts;
}

/** The fixtures' .tex files one after another until `bytes`, then a word found nowhere else. */
export function transcription(dir: string, word: string, bytes = 2.5e6): string {
  const parts = fixtureTexts(dir);
  const chunks: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = parts[i % parts.length]!;
    chunks.push(part);
    size += Buffer.byteLength(part) + 1;
  }
  return `${chunks.join("\n")}\nFinis \\VV{{A:${word}}{B:aliud}}.\n`;
}

const ENDINGS = ["", "us", "um", "is", "ae", "arum", "orum", "ibus", "em", "es", "am", "o"];
const SYLLABLES = ["ca", "de", "ri", "mo", "tu", "la", "ne", "spha", "cen", "ge", "quo", "per"];
/** Forms in the vocabulary: the fixtures' stems × endings, then longer, rarer forms. */
const VOCABULARY_SIZE = 50_000;
/** Share of the fixtures' words replaced by a form drawn from the vocabulary. */
const VARIED = 0.3;
const FILES_PER_FOLDER = 200;

/** A deterministic pseudo-random sequence (the same corpus on every run). */
function randomFrom(seed: number): () => number {
  // mulberry32: a linear congruential sequence repeated itself every few files here.
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(texts: string[]): string[] {
  const stems = [
    ...new Set(
      texts
        .join("\n")
        .match(/(?<![\\\p{L}])\p{L}{5,}/gu)
        ?.map((w) => w.toLowerCase().slice(0, -2)) ?? [],
    ),
  ].sort();
  return Array.from({ length: VOCABULARY_SIZE }, (_, k) => {
    let word = `${stems[k % stems.length]}${ENDINGS[Math.floor(k / stems.length) % ENDINGS.length]}`;
    for (let n = Math.floor(k / (stems.length * ENDINGS.length)); n > 0; n = Math.floor(n / 12)) {
      word += SYLLABLES[n % SYLLABLES.length];
    }
    return word;
  });
}

export interface Corpus {
  files: number;
  bytes: number;
  /** Forms of the long tail (ranks 600 to 8,000 of the vocabulary), to search for. */
  rareWords: string[];
}

/**
 * About `totalBytes` of .tex files of about 10 kB in folders of 200: each file a sequence of the
 * fixtures' lines drawn at random, with a unit number of its own and 30% of the words replaced by
 * forms drawn from a vocabulary of 50,000 with Zipf's law (form k about 1/k as often).
 */
export async function writeCorpus(dir: string, totalBytes: number): Promise<Corpus> {
  const texts = fixtureTexts(FIXTURES);
  const lines = texts.flatMap((t) => t.split("\n")).filter((l) => l.trim() !== "");
  const words = vocabulary(texts);
  const random = randomFrom(7);
  const zipf = () =>
    words[Math.min(words.length - 1, Math.floor(Math.exp(random() * Math.log(words.length))) - 1)]!;
  let bytes = 0;
  let files = 0;
  for (; bytes < totalBytes; files++) {
    const folder = path.join(dir, `liber-${Math.floor(files / FILES_PER_FOLDER)}`);
    if (files % FILES_PER_FOLDER === 0) await mkdir(folder, { recursive: true });
    const out = [`\\ElencoTestimoni{A/B/C}`, `\\Unit{${files}}`];
    let size = 0;
    while (size < 10_000) {
      const line = lines[Math.floor(random() * lines.length)]!.replace(
        /(?<![\\\p{L}])\p{L}{4,}/gu,
        (w) => (random() < VARIED ? zipf() : w),
      );
      out.push(line);
      size += line.length + 1;
    }
    const text = `${out.join("\n")}\n`;
    await writeFile(path.join(folder, `opusculum-${files}.tex`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files, bytes, rareWords: [600, 1000, 2000, 4000, 8000].map((k) => words[k]!) };
}
