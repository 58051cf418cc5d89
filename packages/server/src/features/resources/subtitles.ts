import path from "node:path";
import type { UserFs } from "../../storage/user-fs.js";

const SUBTITLE = /\.(vtt|srt|ass|ssa)$/i;
const SUB_FOLDER = /^(sub|subs|subtitles)$/i;

async function entries(fs: UserFs, dir: string) {
  try {
    return await fs.readdirTyped(dir);
  } catch {
    return [];
  }
}

/**
 * Subtitle files for a video (API.md §2.4): same-folder files starting with the video's base
 * name; every subtitle in a sub/subs/subtitles folder; and those in its sub-folders named after
 * the video. Returns user paths, leaving out what the user may not see.
 */
export async function findSubtitles(fs: UserFs, abs: string, userPath: string): Promise<string[]> {
  const dir = path.dirname(abs);
  const userDir = path.posix.dirname(userPath);
  const name = path.basename(abs);
  const base = name.slice(0, name.lastIndexOf(".") >= 0 ? name.lastIndexOf(".") : name.length);
  const found: string[] = [];
  for (const entry of await entries(fs, dir)) {
    const child = fs.child(userDir, entry.name);
    if (
      entry.isFile() &&
      entry.name !== name &&
      entry.name.startsWith(base) &&
      SUBTITLE.test(entry.name)
    ) {
      found.push(child);
    } else if (entry.isDirectory() && SUB_FOLDER.test(entry.name)) {
      for (const inner of await entries(fs, path.join(dir, entry.name))) {
        const innerPath = fs.child(child, inner.name);
        if (inner.isFile() && SUBTITLE.test(inner.name)) found.push(innerPath);
        else if (inner.isDirectory() && inner.name.startsWith(base)) {
          for (const deep of await entries(fs, path.join(dir, entry.name, inner.name))) {
            if (deep.isFile() && SUBTITLE.test(deep.name))
              found.push(fs.child(innerPath, deep.name));
          }
        }
      }
    }
  }
  return found.filter((p) => fs.allowed(p));
}
