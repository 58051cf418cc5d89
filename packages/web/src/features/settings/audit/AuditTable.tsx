import type { AuditEntry } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { DataTableHead } from "../../../components/DataTable";
import { actionLabel, isVisitor } from "../../../lib/activity-labels";
import { formatAbsolute, formatExact, parseModified } from "../../../lib/format-date";
import { isolatePath } from "../../../lib/paths";

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
                {isVisitor(entry) ? (
                  <span className="muted">{t("activity.visitor")}</span>
                ) : (
                  entry.user
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
                  <span className="audit-table__request muted" dir="ltr">
                    {t("audit.request", { id: entry.requestId })}
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
