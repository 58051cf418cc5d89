import type { SyncTexBox, SyncTexSource } from "@scriptorium/shared";
import { apiCall } from "./client";

/**
 * SyncTeX's backward search: the source line at (x, y) of `page` (PDF points from the page's
 * top left) of the PDF `pdf`; rejects with a StatusError 404 when there is none.
 */
export async function sourceAt(
  pdf: string,
  place: { page: number; x: number; y: number },
): Promise<SyncTexSource> {
  const answer = await apiCall("synctex", {
    path: pdf,
    query: { page: String(place.page), x: place.x.toFixed(2), y: place.y.toFixed(2) },
  });
  if (!answer.source) throw new Error("SyncTeX answered no source");
  return answer.source;
}

/** SyncTeX's forward search: where `line` of `file` is in the PDF `pdf`, best first. */
export async function placesOf(pdf: string, file: string, line: number): Promise<SyncTexBox[]> {
  const answer = await apiCall("synctex", {
    path: pdf,
    query: { file, line: String(line) },
  });
  return answer.boxes ?? [];
}
