import type { PreviewSize } from "@scriptorium/shared";
import { loadSharp } from "../../lib/sharp.js";
import { sniffMime } from "../../lib/sniff.js";

/** Formats we decode and re-encode; everything else (GIF, SVG, BMP, ICO, HEIC…) is sent as is. */
export type ResizableFormat = "jpeg" | "png" | "webp" | "tiff";

const RESIZABLE: Record<string, ResizableFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/tiff": "tiff",
};

/** The resizable format of a file from its first bytes (its content, not its name). */
export function resizableFormat(head: Uint8Array): ResizableFormat | undefined {
  const mime = sniffMime(head);
  return mime ? RESIZABLE[mime] : undefined;
}

export const THUMB_SIZE = 256;
export const BIG_SIZE = 1080;

export interface ImageInfo {
  width: number;
  height: number;
  /** EXIF orientation, 1 (upright) when absent. */
  orientation: number;
  pages: number;
  hasAlpha: boolean;
}

/** Header facts of an image; throws when sharp cannot read it. */
export async function probe(abs: string): Promise<ImageInfo> {
  const sharp = await loadSharp();
  const meta = await sharp(abs).metadata();
  return {
    width: meta.width,
    height: meta.height,
    orientation: meta.orientation ?? 1,
    pages: meta.pages ?? 1,
    hasAlpha: meta.hasAlpha,
  };
}

/** What a preview is encoded as. */
export interface OutputFormat {
  format: "jpeg" | "png" | "webp";
  ext: string;
  contentType: string;
}

const JPEG: OutputFormat = { format: "jpeg", ext: ".jpg", contentType: "image/jpeg" };
const PNG: OutputFormat = { format: "png", ext: ".png", contentType: "image/png" };
const WEBP: OutputFormat = { format: "webp", ext: ".webp", contentType: "image/webp" };

/**
 * Thumbnails are JPEG. Big previews keep the source's format, except TIFF, which browsers do not
 * display: it becomes PNG when it has transparency, else JPEG.
 */
export function outputFormat(
  size: PreviewSize,
  source: ResizableFormat,
  hasAlpha: boolean,
): OutputFormat {
  if (size === "thumb" || source === "jpeg") return JPEG;
  if (source === "png") return PNG;
  if (source === "webp") return WEBP;
  return hasAlpha ? PNG : JPEG;
}

/** True when a big preview would not differ from the file: small enough and upright. */
export function bigIsOriginal(info: ImageInfo, source: ResizableFormat): boolean {
  return (
    source !== "tiff" && info.orientation === 1 && info.width <= BIG_SIZE && info.height <= BIG_SIZE
  );
}

/**
 * Renders a preview, honouring EXIF orientation (`rotate()` with no angle): `thumb` fills
 * 256×256 with a centred crop, `big` fits inside 1080×1080 and never enlarges.
 */
export async function render(abs: string, size: PreviewSize, out: OutputFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  let image = sharp(abs).rotate();
  image =
    size === "thumb"
      ? image.resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover", position: "centre" })
      : image.resize(BIG_SIZE, BIG_SIZE, { fit: "inside", withoutEnlargement: true });
  if (out.format === "jpeg") {
    return image.flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer();
  }
  if (out.format === "png") return image.png({ compressionLevel: 6 }).toBuffer();
  return image.webp({ quality: 82 }).toBuffer();
}
