/**
 * Ending of every hidden work-in-progress name (an upload, a save, an extraction being written):
 * listings never show such entries and stale ones are swept away, so no name a person gives may
 * end with it.
 */
export const STAGING_SUFFIX = ".scriptorium-tmp";

/** True when `name` (one path component) is a staging name. */
export function isStagingName(name: string): boolean {
  return name.endsWith(STAGING_SUFFIX);
}

/** The first component of a "/"-separated path that is a staging name, or undefined. */
export function stagingNameIn(path: string): string | undefined {
  return path.split("/").find(isStagingName);
}

/** Why a name cannot be created here: the sentence of the 400 (RESERVED_NAME). */
export function reservedNameMessage(name: string): string {
  return `"${name}" cannot be used: names ending with "${STAGING_SUFFIX}" are reserved for files being written`;
}
