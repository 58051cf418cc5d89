import type { TrashItem } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { DataTableHead } from "../../components/DataTable";
import { Icon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import { formatModified } from "../../lib/format-date";
import { isolatePath, parentFolder } from "../../lib/paths";

interface TrashTableProps {
  items: readonly TrashItem[];
  /** The buttons of each row; none: the list is read-only (another user's trash). */
  actions?: {
    onRestore: (item: TrashItem) => void;
    onDeleteForever: (item: TrashItem) => void;
  };
}

/** The deleted items as a table; on narrow screens each row becomes a card with labelled cells. */
export function TrashTable({ items, actions }: TrashTableProps) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  /** Each column's name: its heading, and on narrow screens the label of its cells. */
  const label = {
    name: t("files.name"),
    folder: t("trash.folder"),
    size: t("files.size"),
    deletedAt: t("trash.deletedAt"),
    deletedBy: t("trash.deletedBy"),
  };
  return (
    <table className="data-table trash-table" data-testid="trash-table">
      <DataTableHead
        labels={Object.values(label)}
        actionsLabel={actions && t("settings.shares.actions")}
      />
      <tbody>
        {items.map((item) => {
          const when = formatModified(item.deletedAt, i18n.language, false, now);
          return (
            <tr key={item.id} data-testid="trash-row" data-id={item.id}>
              <td data-label={label.name} className="trash-table__name">
                <Icon name={item.isDir ? "folder" : "file"} size={18} />
                <span data-testid="trash-name">{item.name}</span>
              </td>
              <td data-label={label.folder} className="trash-table__folder">
                {isolatePath(parentFolder(item.path))}
              </td>
              <td data-label={label.size} className="trash-table__size">
                {formatBytes(item.size)}
              </td>
              <td data-label={label.deletedAt} title={when.title} className="trash-table__when">
                {when.text}
              </td>
              <td data-label={label.deletedBy}>{item.deletedBy}</td>
              {actions && (
                <td className="trash-table__actions">
                  <Button testId="trash-restore" onClick={() => actions.onRestore(item)}>
                    {t("trash.restore")}
                  </Button>
                  <Button
                    tone="danger"
                    testId="trash-delete"
                    onClick={() => actions.onDeleteForever(item)}
                  >
                    {t("trash.deleteForever")}
                  </Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
