import type { HistoryDiff, Version } from "@scriptorium/shared";
import { encodePath } from "../lib/paths";
import { apiCall, apiUrl } from "./client";
import { StatusError } from "./errors";

/*
 * The version history of a file (issue 29): its earlier contents, newest first, a diff of any
 * two (`current` is the file as it is now), restore, download and labels.
 */

/** The file as it is now, in a diff. */
export const CURRENT = "current";

/** Query key of a file's versions (its diffs are under it, so one invalidation reloads both). */
export const historyKey = (path: string) => ["history", path] as const;

export const diffKey = (path: string, from: string, to: string, context: number) =>
  [...historyKey(path), "diff", from, to, context] as const;

/** An answer that is not the shape asked for (an older server, a proxy's page) is an error. */
function unexpected(): StatusError {
  return new StatusError("Unexpected answer", 500);
}

/** The versions of `path`, newest first. */
export async function fetchVersions(path: string, signal?: AbortSignal): Promise<Version[]> {
  const answer: unknown = await apiCall("getHistory", { path, signal });
  if (!Array.isArray(answer)) throw unexpected();
  return answer as Version[];
}

/** The lines of `from` → `to` with their changed words (and, for Mauro-TeX, the readings). */
export async function fetchDiff(
  path: string,
  from: string,
  to: string,
  context: number,
  signal?: AbortSignal,
): Promise<HistoryDiff> {
  const answer: unknown = await apiCall("getHistory", {
    path,
    query: { diff: `${from},${to}`, context: String(context) },
    signal,
  });
  const diff = answer as Partial<HistoryDiff> | null;
  if (!diff || !Array.isArray(diff.lines) || !Array.isArray(diff.readings)) throw unexpected();
  return answer as HistoryDiff;
}

/** Makes a version the file's content again (the content it replaces becomes a version). */
export const restoreVersion = (path: string, id: string) =>
  apiCall("restoreVersion", { path, query: { version: id, action: "restore" } });

/** Names a version (kept until deleted); an empty label removes the name. */
export const labelVersion = (path: string, id: string, label: string) =>
  apiCall("labelVersion", { path, query: { version: id }, body: { label } });

/** A version's bytes as a download (the `auth` cookie authenticates the same-origin GET). */
export const versionDownloadUrl = (path: string, id: string) =>
  apiUrl(`/api/history${encodePath(path)}?version=${encodeURIComponent(id)}&download=1`);
