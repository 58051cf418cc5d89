import { mimeFromExtension } from "../../lib/mime.js";
import { isTextLike } from "../resources/file-type.js";

/** What `type:` shortcuts select, known from a name alone. */
export const ENTRY_KINDS = ["dir", "image", "audio", "video", "pdf", "text", "blob"] as const;
export type EntryKind = number;

const KIND = Object.fromEntries(ENTRY_KINDS.map((k, i) => [k, i])) as Record<
  (typeof ENTRY_KINDS)[number],
  number
>;

/** From the last dot, dot included ("" when none), as listings report it. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}

/** The kind of an entry by its name (API.md Part B §9: by the extension's type). */
export function kindOf(name: string, isDir: boolean): EntryKind {
  if (isDir) return KIND.dir;
  const mime = mimeFromExtension(extensionOf(name)) ?? "";
  if (mime.startsWith("image")) return KIND.image;
  if (mime.startsWith("audio")) return KIND.audio;
  if (mime.startsWith("video")) return KIND.video;
  if (mime.endsWith("pdf")) return KIND.pdf;
  if (isTextLike(mime)) return KIND.text;
  return KIND.blob;
}

/** The kind a `type:` word names, or undefined for an extension (`type:tex`). */
export function kindNamed(type: string): EntryKind | undefined {
  if (type === "music") return KIND.audio;
  if (type === "dir") return undefined;
  return (KIND as Record<string, number>)[type];
}
