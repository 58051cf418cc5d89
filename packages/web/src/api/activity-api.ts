import type { ActivityAction, AuditEntry } from "@scriptorium/shared";
import {
  apiCall,
  apiUrl,
  fetchOrFail,
  reportUnauthorized,
  sessionToken,
  toStatusError,
} from "./client";

/*
 * The activity log (issue 29): what happened in a folder and below it, the admin's audit view
 * with its exports, and the URL of the live changes' event stream.
 */

/** Query keys: every activity list starts with this (live changes invalidate them all). */
export const ACTIVITY_KEY = ["activity"] as const;
export const activityKey = (folder: string, limit: number) =>
  [...ACTIVITY_KEY, folder, limit] as const;

/** A folder's activity, newest first: the `limit` newest entries (at or after `since`). */
export function fetchActivity(
  folder: string,
  options: { limit: number; since?: string },
  signal?: AbortSignal,
) {
  const query: Record<string, string> = { limit: String(options.limit) };
  if (options.since) query.since = options.since;
  return apiCall("getActivity", { path: folder, query, signal });
}

/** The audit view's filters, as its form holds them ("" for none). */
export interface AuditFilters {
  user: string;
  action: ActivityAction | "";
  path: string;
  /** ISO 8601 instants (the form turns its dates into these). */
  since: string;
  until: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  user: "",
  action: "",
  path: "",
  since: "",
  until: "",
};

export const AUDIT_KEY = ["audit"] as const;
export const auditKey = (filters: AuditFilters, limit: number) =>
  [...AUDIT_KEY, filters, limit] as const;

/** The query string of `GET /api/audit`: only the filters that are set. */
export function auditQuery(
  filters: AuditFilters,
  extra: { limit?: number; format?: "csv" | "json" } = {},
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ["user", "action", "path", "since", "until"] as const) {
    const value = filters[key].trim();
    if (value !== "") query[key] = value;
  }
  if (extra.limit !== undefined) query.limit = String(extra.limit);
  if (extra.format) query.format = extra.format;
  return query;
}

/** The audit log's entries matching the filters, newest first (admins only). */
export async function fetchAudit(
  filters: AuditFilters,
  limit: number,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  // The contract declares its answer among `responses` only (it is CSV with format=csv).
  const answer: unknown = await apiCall("audit", { query: auditQuery(filters, { limit }), signal });
  return answer as AuditEntry[];
}

/** The most an export asks for (the contract's maximum). */
export const AUDIT_EXPORT_LIMIT = 100_000;

/**
 * An export of the filtered audit log, as a file's bytes: `format=csv` or `json`. A fetch with
 * the session's token (not a link), so that a refusal is an error to show, not a saved file.
 */
export async function fetchAuditExport(
  filters: AuditFilters,
  format: "csv" | "json",
): Promise<Blob> {
  const query = new URLSearchParams(
    auditQuery(filters, { limit: AUDIT_EXPORT_LIMIT, format }),
  ).toString();
  const res = await fetchOrFail(apiUrl(`/api/audit?${query}`), {
    headers: { "X-Auth": sessionToken() },
  });
  if (res.status === 401) reportUnauthorized();
  if (!res.ok) throw await toStatusError(res);
  return res.blob();
}

/**
 * `GET /api/events`: the live changes' stream. No token in the URL: EventSource cannot send a
 * header, and the `auth` cookie authenticates same-origin GETs.
 */
export const eventsUrl = () => apiUrl("/api/events");
