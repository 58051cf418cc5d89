import { open } from "node:fs/promises";
import sharp from "sharp";

const DECODED = new Set([".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff"]);

async function bmpSize(abs: string): Promise<{ width: number; height: number } | undefined> {
  const handle = await open(abs, "r");
  try {
    const buf = Buffer.alloc(26);
    const { bytesRead } = await handle.read(buf, 0, 26, 0);
    if (bytesRead < 26 || buf.toString("latin1", 0, 2) !== "BM") return undefined;
    return { width: Math.abs(buf.readInt32LE(18)), height: Math.abs(buf.readInt32LE(22)) };
  } finally {
    await handle.close();
  }
}

/**
 * Width and height of a JPEG, PNG, GIF, BMP or TIFF image as displayed (EXIF orientation
 * applied), read from its header; undefined when it does not decode (API.md §2.2).
 */
export async function imageResolution(
  abs: string,
  extension: string,
): Promise<{ width: number; height: number } | undefined> {
  const ext = extension.toLowerCase();
  try {
    if (ext === ".bmp") return await bmpSize(abs);
    if (!DECODED.has(ext)) return undefined;
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
