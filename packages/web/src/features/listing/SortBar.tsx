import type { Sorting } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { SortField } from "./listing-prefs";

const COLUMNS: ReadonlyArray<[SortField, ParseKeys]> = [
  ["name", "files.name"],
  ["size", "files.size"],
  ["modified", "files.lastModified"],
];

interface SortBarProps {
  sorting: Sorting | undefined;
  onSort: (by: SortField) => void;
}

/**
 * Column headers of the list view (and the sort buttons of the mosaic views). The arrow shows
 * the direction of the active column; clicking it again flips it.
 */
export function SortBar({ sorting, onSort }: SortBarProps) {
  const { t } = useTranslation();
  return (
    <div className="listing__header" role="toolbar" aria-label={t("files.sortBy")}>
      <span className="listing__header-icon" aria-hidden="true" />
      {COLUMNS.map(([by, label]) => {
        const active = sorting?.by === by;
        const order = active ? (sorting.asc ? "asc" : "desc") : undefined;
        return (
          <button
            key={by}
            type="button"
            className={`sort sort--${by}${active ? " sort--active" : ""}`}
            data-testid={`sort-${by}`}
            data-order={order}
            aria-label={
              order
                ? `${t(label)}, ${t(order === "asc" ? "files.ascending" : "files.descending")}`
                : t(label)
            }
            onClick={() => onSort(by)}
          >
            <span>{t(label)}</span>
            {order && <Icon name={order === "asc" ? "arrowUp" : "arrowDown"} size={16} />}
          </button>
        );
      })}
    </div>
  );
}
