import type { Item } from "@scriptorium/shared";
import { memo, type CSSProperties } from "react";
import { formatBytes } from "../../lib/format-bytes";
import { useClock } from "../../lib/use-clock";
import { useItemOrganise } from "../../slots/listing";
import { useIsActive, useIsSelected } from "../../state/selection-store";
import { formatModified } from "../../lib/format-date";
import { ItemIcon } from "./ItemIcon";
import type { ItemHandlers } from "../../components/use-item-handlers";

export type ItemVariant = "row" | "tile" | "gallery";

/** The DOM id of the listing's item at `index` (the listbox's active descendant). */
export const itemDomId = (index: number) => `listing-option-${index}`;

interface ListingItemProps {
  item: Item;
  index: number;
  variant: ItemVariant;
  handlers: ItemHandlers;
  locale: string;
  absoluteDates: boolean;
  style?: CSSProperties;
}

const ICON_SIZES: Record<ItemVariant, number> = { row: 36, tile: 44, gallery: 256 };

/**
 * One entry of the listing. Memoised, and subscribed only to its own selection state, so a
 * click re-renders the rows whose state changed, not the whole window of rows.
 */
export const ListingItem = memo(function ListingItem({
  item,
  index,
  variant,
  handlers,
  locale,
  absoluteDates,
  style,
}: ListingItemProps) {
  const selected = useIsSelected(item.name);
  const active = useIsActive(item.name);
  // Drag to move, folders as drop targets, cut items dimmed (features/organise).
  const organise = useItemOrganise(item);
  // Relative dates ("2 minutes ago") move on while the page stays open.
  useClock();
  const date = formatModified(item.modified, locale, absoluteDates);
  const size = item.isDir ? "" : formatBytes(item.size);

  return (
    <div
      role="option"
      id={itemDomId(index)}
      aria-selected={selected}
      className={`item item--${variant}${selected ? " item--selected" : ""}${active ? " item--active" : ""}${organise.className}`}
      style={style}
      data-testid="listing-item"
      data-name={item.name}
      data-dir={item.isDir || undefined}
      data-type={item.type || undefined}
      onClick={(event) => handlers.click(item, event)}
      {...organise.props}
    >
      <ItemIcon item={item} size={ICON_SIZES[variant]} />
      {/* The name takes its own direction (dir="auto"), so a long Latin name in an Arabic page
          is cut at its end, not its beginning; its alignment still follows the page. */}
      <span className="item__name" title={item.name} dir="auto">
        {item.name}
      </span>
      {variant !== "gallery" && (
        <>
          <span className="item__size">
            {item.isDir ? <span aria-hidden="true">—</span> : <bdi>{size}</bdi>}
          </span>
          <time className="item__modified" dateTime={item.modified} title={date.title}>
            {date.text}
          </time>
        </>
      )}
    </div>
  );
});
