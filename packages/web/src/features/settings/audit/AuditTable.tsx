import type { AuditEntry } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { DataTableHead } from "../../../components/DataTable";
import { actionLabel, whoKind } from "../../../lib/activity-labels";
import { formatAbsolute, formatExact, parseModified } from "../../../lib/format-date";
import { isolatePath } from "../../../lib/paths";

/** The first 8 characters of a long request id, with an ellipsis. */
export const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The audit log's entries as a table; on narrow screens each row becomes a card. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  /** Each column's name: its heading, and on narrow screens the label of its cells. */
  const label = {
    time: t("audit.time"),
    user: t("audit.user"),
    action: t("audit.action"),
    path: t("audit.path"),
    detail: t("audit.detail"),
    address: t("audit.address"),
  };
  return (
    <table className="data-table audit-table" data-testid="audit-table">
      <DataTableHead labels={Object.values(label)} />
      <tbody>
        {entries.map((entry, index) => {
          const time = parseModified(entry.time);
          return (
            <tr
              key={`${entry.requestId}\u0000${entry.time}\u0000${index}`}
              data-testid="audit-row"
              data-action={entry.action}
            >
              <td data-label={label.time} className="audit-table__time">
                <time dateTime={entry.time} title={formatExact(time, i18n.language)}>
                  {formatAbsolute(time, i18n.language)}
                </time>
              </td>
              <td data-label={label.user} data-testid="audit-user-cell">
                {whoKind(entry) === "user" ? (
                  entry.user
                ) : (
                  <span className="muted">
                    {whoKind(entry) === "visitor" ? t("activity.visitor") : "—"}
                  </span>
                )}
              </td>
              <td data-label={label.action} data-testid="audit-action-cell">
                {t(actionLabel(entry.action))}
              </td>
              <td
                data-label={label.path}
                className="audit-table__path"
                data-testid="audit-path-cell"
              >
                {entry.path !== "" && isolatePath(entry.path)}
                {entry.to !== undefined && (
                  <>
                    {entry.path !== "" && " "}
                    <span className="audit-table__arrow" aria-hidden="true">
                      →
                    </span>
                    <span className="visually-hidden">{t("activity.to")}</span>{" "}
                    {isolatePath(entry.to)}
                  </>
                )}
              </td>
              <td data-label={label.detail} className="audit-table__detail">
                {entry.detail}
                {entry.requestId && (
                  // Ids are long; the start tells requests apart, the whole one is in the title.
                  <span
                    className="audit-table__request muted"
                    dir="ltr"
                    title={entry.requestId}
                    data-testid="audit-request"
                  >
                    {t("audit.request", { id: shortId(entry.requestId) })}
                  </span>
                )}
              </td>
              <td data-label={label.address} className="audit-table__address" dir="ltr">
                {entry.address}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
