import { SHARE_PAGE_BATCH, type Item } from "@scriptorium/shared";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, typeIcon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import { useClock } from "../../lib/use-clock";
import { formatModified } from "../../lib/format-date";
import { shareFolderRoute } from "./share-location";

interface ShareItemsProps {
  hash: string;
  items: readonly Item[];
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
  /** Opens a sub-folder (double click on its row). */
  onOpen: (item: Item) => void;
}

/**
 * The items of a shared folder, SHARE_PAGE_BATCH at a time with a "+N" tile for the rest
 * (SPEC.md §9). A click (or the checkbox) selects; a folder's name opens it.
 */
export function ShareItems({ hash, items, selected, onToggle, onOpen }: ShareItemsProps) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(SHARE_PAGE_BATCH);
  useClock();
  if (items.length === 0) {
    return (
      <p className="share-items__empty muted" data-testid="share-empty">
        {t("files.lonely")}
      </p>
    );
  }
  const hidden = items.length - shown;
  const onRowClick = (event: MouseEvent, item: Item) => {
    // Links and the checkbox do their own thing.
    if ((event.target as Element).closest("a, input")) return;
    onToggle(item.name);
  };
  return (
    <ul className="share-items" aria-label={t("files.items")} data-testid="share-items">
      {items.slice(0, shown).map((item) => {
        const isSelected = selected.has(item.name);
        const modified = formatModified(item.modified, i18n.language, false);
        return (
          <li
            key={item.name}
            className={`share-item${isSelected ? " share-item--selected" : ""}`}
            data-testid="share-item"
            data-name={item.name}
            data-dir={item.isDir}
            data-selected={isSelected}
            onClick={(event) => onRowClick(event, item)}
            onDoubleClick={() => item.isDir && onOpen(item)}
          >
            <input
              type="checkbox"
              className="share-item__check"
              checked={isSelected}
              aria-label={t("sharePage.select", { name: item.name })}
              onChange={() => onToggle(item.name)}
            />
            <span
              className={`share-item__icon share-item__icon--${item.isDir ? "folder" : item.type}`}
            >
              <Icon name={typeIcon(item)} size={22} />
            </span>
            {item.isDir ? (
              <Link
                className="share-item__name"
                to={shareFolderRoute(hash, item.path)}
                data-testid="share-item-open"
              >
                {item.name}
              </Link>
            ) : (
              <span className="share-item__name">{item.name}</span>
            )}
            <span className="share-item__size">{item.isDir ? "—" : formatBytes(item.size)}</span>
            <span className="share-item__modified" title={modified.title}>
              {modified.text}
            </span>
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="share-items__more">
          <button
            type="button"
            className="button share-items__more-button"
            data-testid="share-more"
            aria-label={t("sharePage.showMore", { count: Math.min(hidden, SHARE_PAGE_BATCH) })}
            onClick={() => setShown((n) => n + SHARE_PAGE_BATCH)}
          >
            +{hidden}
          </button>
        </li>
      )}
    </ul>
  );
}
