import type { ActivityAction } from "@scriptorium/shared";
import type { AuditFilters } from "../../../api/activity-api";

/** The audit view's form: dates as the date inputs hold them (YYYY-MM-DD, "" for none). */
export interface AuditForm {
  user: string;
  action: ActivityAction | "";
  path: string;
  since: string;
  until: string;
}

export const EMPTY_AUDIT_FORM: AuditForm = { user: "", action: "", path: "", since: "", until: "" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a local day starts, or ends (its last millisecond), as ISO 8601; "" if invalid. */
export function dayBound(day: string, end: boolean): string {
  if (!DAY.test(day)) return "";
  const time = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(time.getTime()) ? "" : time.toISOString();
}

/** The route's filters of a form: "From" at the start of its day, "To" at the end of its day. */
export function formFilters(form: AuditForm): AuditFilters {
  return {
    user: form.user.trim(),
    action: form.action,
    path: form.path.trim(),
    since: dayBound(form.since, false),
    until: dayBound(form.until, true),
  };
}

/** The name of an export made now: scriptorium-audit-2026-11-27.csv. */
export function exportName(format: "csv" | "json", now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `scriptorium-audit-${day}.${format}`;
}
