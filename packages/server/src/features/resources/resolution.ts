import { loadSharp } from "../../lib/sharp.js";
import type { UserFs } from "../../storage/user-fs.js";

const DECODED = new Set([".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff"]);

async function bmpSize(
  fs: UserFs,
  abs: string,
): Promise<{ width: number; height: number } | undefined> {
  const head = Buffer.from(await fs.readHead(abs, 26));
  if (head.length < 26 || head.toString("latin1", 0, 2) !== "BM") return undefined;
  return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) };
}

/**
 * Width and height of a JPEG, PNG, GIF, BMP or TIFF image as displayed (EXIF orientation
 * applied), read from its header; undefined when it does not decode (API.md §2.2).
 */
export async function imageResolution(
  fs: UserFs,
  abs: string,
  extension: string,
): Promise<{ width: number; height: number } | undefined> {
  const ext = extension.toLowerCase();
  try {
    if (ext === ".bmp") return await bmpSize(fs, abs);
    if (!DECODED.has(ext)) return undefined;
    const sharp = await loadSharp();
    const meta = await sharp(abs).metadata();
    if (!meta.width || !meta.height) return undefined;
    const rotated = (meta.orientation ?? 1) >= 5;
    return rotated
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}
