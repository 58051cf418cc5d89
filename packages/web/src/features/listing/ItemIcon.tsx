import type { Item } from "@scriptorium/shared";
import { memo, useState } from "react";
import { Icon, typeIcon } from "../../components/Icon";
import { getGlobals } from "../../lib/globals";
import { fileUrls } from "../../api/resource-api";

interface ItemIconProps {
  item: Pick<Item, "isDir" | "type" | "path" | "modified">;
  size: number;
}

/**
 * The icon of an item's type, or its thumbnail: images only, and only when the server has
 * thumbnails enabled (SPEC.md §2). The auth cookie authenticates the <img> request.
 */
export const ItemIcon = memo(function ItemIcon({ item, size }: ItemIconProps) {
  const [failed, setFailed] = useState(false);
  if (!item.isDir && item.type === "image" && getGlobals().EnableThumbs && !failed) {
    return (
      <img
        className="item-icon item-icon--thumb"
        src={fileUrls.preview("thumb", item)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`item-icon item-icon--${item.isDir ? "folder" : item.type || "blob"}`}>
      <Icon name={typeIcon(item)} size={Math.round(size * 0.6)} />
    </span>
  );
});
