import type { ResourceType } from "@scriptorium/shared";

/** How much of a text the share page shows: more is for the download. */
export const TEXT_PREVIEW_BYTES = 256 * 1024;

/** Types whose files the share page shows as text (what the app's editor opens). */
export function isTextType(type: ResourceType): boolean {
  return type === "text" || type === "textImmutable";
}

/**
 * The first `limit` bytes of a file as text: a Range request (a server that ignores it sends
 * the whole file, cut here), decoded as UTF-8 without the bytes of a character cut in two.
 */
export async function fetchTextStart(
  url: string,
  limit: number,
  signal?: AbortSignal,
): Promise<{ text: string; cut: boolean }> {
  const res = await fetch(url, {
    headers: { Range: `bytes=0-${limit - 1}` },
    credentials: "omit",
    signal,
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const total = /\/(\d+)$/.exec(res.headers.get("Content-Range") ?? "")?.[1];
  const cut = bytes.length > limit || (total !== undefined && Number(total) > limit);
  const shown = bytes.subarray(0, limit);
  // `stream: true` keeps back the bytes of a last character the cut split.
  const text = new TextDecoder("utf-8").decode(shown, { stream: cut });
  return { text, cut };
}

/**
 * The page of a folder of m2hv's output to read (issue 31): the frame page (`<stem>-1f.htm`,
 * text and apparatus side by side), else the folder's `index.html`. Pages run no scripts there,
 * so the redirecting `index.html` the app writes beside a frame page is not what is shown.
 */
export function editionPages<T extends { name: string; isDir: boolean }>(items: readonly T[]): T[] {
  const files = items.filter((item) => !item.isDir);
  const frames = files
    .filter((item) => /-1f\.html?$/i.test(item.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (frames.length > 0) return frames;
  const index = files.find((item) => /^index\.html?$/i.test(item.name));
  return index ? [index] : [];
}
