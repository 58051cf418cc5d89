import { COMPILE_PROFILES, type CompileProfile } from "@scriptorium/shared";

/**
 * Each file's compile profile (issue 30), kept across sessions in this browser's storage: one
 * entry holding `"<user id>:<path>" → profile`, the most recent last, at most MAX_FILES files.
 * A run of a profile's tool on a file (Compile, the profile menu, a tool from the header or a
 * dialog) makes that profile the file's. Another browser, or cleared storage, starts again from
 * the file's content (`guessCompileProfile`).
 */
const KEY = "scriptorium.compileProfiles";
const MAX_FILES = 500;

type Stored = Record<string, CompileProfile>;

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    const out: Stored = {};
    for (const [file, profile] of Object.entries(parsed as Record<string, unknown>)) {
      if ((COMPILE_PROFILES as readonly unknown[]).includes(profile)) {
        out[file] = profile as CompileProfile;
      }
    }
    return out;
  } catch {
    return {};
  }
}

const entryOf = (userId: number, path: string) => `${userId}:${path}`;

/** The profile last used on `path` by this user in this browser, if any. */
export function storedProfile(userId: number, path: string): CompileProfile | undefined {
  return read()[entryOf(userId, path)];
}

/** Keeps `profile` as the one of `path` (the newest entry; the oldest go beyond MAX_FILES). */
export function storeProfile(userId: number, path: string, profile: CompileProfile): void {
  const all = read();
  const entry = entryOf(userId, path);
  delete all[entry];
  all[entry] = profile;
  const entries = Object.entries(all);
  const kept = Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_FILES)));
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or off (private mode): the profile lasts as long as this session's runs.
  }
}
