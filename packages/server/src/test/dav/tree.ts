/**
 * Folders of files for the WebDAV client tests and their SHA-256 by relative path, to show a
 * round trip (up with a client, back with it) changed no byte and lost no file.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** A name with accents and a dash, NFC (what editors type), to check names survive the trip. */
export const ACCENTED_NAME = "Édition critique – àèìòù ñ ß.tex".normalize("NFC");

/**
 * `count` files: most small (0 to 8 KiB), one in fifty of 64 to 512 KiB, spread over the root
 * and nested subfolders, one with an accented name. Contents are deterministic per index.
 */
export async function makeTree(root: string, count: number): Promise<void> {
  const folders = ["", "letters", "letters/1848", "scans", "scans/plates/a", "notes"];
  for (const f of folders) await mkdir(path.join(root, f), { recursive: true });
  for (let i = 0; i < count; i++) {
    const size = i % 50 === 7 ? 64 * 1024 + ((i * 7919) % (448 * 1024)) : (i * 131) % 8193;
    const content = Buffer.alloc(size);
    // Cheap deterministic bytes, different per file (no two files alike).
    let x = (i + 1) * 2654435761;
    for (let b = 0; b < size; b++) {
      x = (x * 1103515245 + 12345) >>> 0;
      content[b] = x >>> 24;
    }
    const folder = folders[i % folders.length]!;
    const name = i === 0 ? ACCENTED_NAME : `file-${String(i).padStart(4, "0")}.bin`;
    await writeFile(path.join(root, folder, name), content);
  }
}

/** The SHA-256 of every file under `root`, by its path relative to `root` (with `/`). */
export async function hashTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const rel = path.relative(root, full).split(path.sep).join("/");
        out.set(
          rel,
          createHash("sha256")
            .update(await readFile(full))
            .digest("hex"),
        );
      }
    }
  };
  await walk(root);
  return out;
}

/** The paths whose hashes differ, or that one side lacks (empty when the trees are alike). */
export function treeDifferences(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [p, h] of a) if (b.get(p) !== h) out.push(b.has(p) ? `${p} differs` : `${p} missing`);
  for (const p of b.keys()) if (!a.has(p)) out.push(`${p} extra`);
  return out.sort();
}
