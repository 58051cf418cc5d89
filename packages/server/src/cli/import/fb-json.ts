import { UsageError } from "../args.js";
import { readJson } from "../json-file.js";

/**
 * Readers of the JSON that File Browser 2.x writes with `filebrowser users export FILE.json` and
 * `filebrowser config export FILE.json` (Go's encoding/json: `null` for empty slices and
 * pointers, `[]byte` as base64), and of a shares file holding File Browser's stored share
 * records. Fields that older or newer 2.x versions lack or add are optional; a field with the
 * wrong type is a mistake in the file and stops the import before anything is written.
 */

/** A file that cannot be imported as it is: the message names the file and the field. */
export class ImportFileError extends Error {}

export type Json = Record<string, unknown>;

function where(file: string, path: string): string {
  return path ? `${file}: ${path}` : file;
}

/** Reads and parses a JSON file. */
export function readJsonFile(file: string): unknown {
  try {
    return readJson(
      file,
      "; a File Browser database file cannot be read directly: export it first with " +
        '"filebrowser users export users.json" and "filebrowser config export config.json"',
    );
  } catch (err) {
    if (err instanceof UsageError) throw new ImportFileError(err.message);
    throw err;
  }
}

/** Typed access to the fields of one JSON object, with the file and path for messages. */
export class Fields {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly value: Json,
  ) {}

  static of(file: string, path: string, value: unknown): Fields {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ImportFileError(`${where(file, path)} must be an object`);
    }
    return new Fields(file, path, value as Json);
  }

  private at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  private fail(key: string, expected: string): never {
    throw new ImportFileError(`${where(this.file, this.at(key))} must be ${expected}`);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  string(key: string, fallback = ""): string {
    const v = this.value[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "string") this.fail(key, "text");
    return v;
  }

  boolean(key: string, fallback = false): boolean {
    const v = this.value[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "boolean") this.fail(key, "true or false");
    return v;
  }

  /** A whole number; Go writes unsigned and int64 fields as JSON numbers. */
  integer(key: string, fallback = 0): number {
    const v = this.value[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== "number" || !Number.isSafeInteger(v)) this.fail(key, "a whole number");
    return v;
  }

  /** A list of strings; Go writes an empty (nil) slice as null. */
  strings(key: string): string[] {
    const v = this.value[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== "string")) {
      this.fail(key, "a list of texts");
    }
    return v as string[];
  }

  object(key: string): Fields {
    const v = this.value[key];
    return Fields.of(this.file, this.at(key), v ?? {});
  }

  /** A list of objects; null counts as empty. */
  objects(key: string): Fields[] {
    const v = this.value[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) this.fail(key, "a list");
    return v.map((item, i) => Fields.of(this.file, `${this.at(key)}[${i}]`, item));
  }

  /** The keys present that `known` does not list, with their values. */
  unknown(known: readonly string[]): [string, unknown][] {
    return Object.entries(this.value).filter(([k]) => !known.includes(k));
  }
}

/** A list at the top of a file (users export, shares file). */
export function topLevelList(file: string, value: unknown, what: string): Fields[] {
  if (!Array.isArray(value)) {
    throw new ImportFileError(`${file} must be a list of ${what} (a JSON array)`);
  }
  return value.map((item, i) => Fields.of(file, `[${i}]`, item));
}
