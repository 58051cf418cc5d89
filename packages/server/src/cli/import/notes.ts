/** What the importer could not map, or mapped with a change worth knowing, by subject. */
export interface Note {
  /** What it is about, e.g. `user "bob"`, `settings`, `server`, `share AbCdEfGh`. */
  subject: string;
  text: string;
  /** True when skipping it may widen access (a deny rule dropped). */
  warning?: boolean;
}

export class Notes {
  readonly list: Note[] = [];

  add(subject: string, text: string, warning = false): void {
    this.list.push({ subject, text, ...(warning && { warning }) });
  }

  /** Notes a field Scriptorium has no place for, unless it holds its zero value. */
  unmapped(
    subject: string,
    name: string,
    value: unknown,
    instead = "Scriptorium has no such setting",
  ): void {
    if (isZero(value)) return;
    this.add(subject, `${name} ${JSON.stringify(value)} not imported: ${instead}`);
  }
}

/** Go's zero values, as File Browser writes fields that were never set. */
export function isZero(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") {
    return true;
  }
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value).every(isZero);
  return false;
}
