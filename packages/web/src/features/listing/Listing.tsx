import type { Item, Resource, Sorting } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { handleError } from "../../state/handle-error";
import { Icon } from "../../components/Icon";
import { useUser } from "../../state/auth-store";
import { isListingHead } from "../../api/early-listing";
import { itemUrl, resourceKey } from "../../api/resource-api";
import { pruneSelection } from "../../state/selection-store";
import { useItemHandlers } from "../../components/use-item-handlers";
import { viewClass } from "./layout";
import { nextSorting, saveSorting, type SortField } from "./listing-prefs";
import { SortBar } from "./SortBar";
import { VirtualItems } from "./VirtualItems";
import "./listing.css";

interface ListingProps {
  resource: Resource;
  /** The decoded path requested, as in the query key (folders end with "/"). */
  path: string;
}

/** A folder's items in the user's view mode, in the order the server sorted them. */
export function Listing({ resource, path }: ListingProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mode = user?.viewMode ?? "list";
  const items = resource.items ?? [];
  // The first items only, while the rest is on its way (api/early-listing.ts): the listing is
  // as tall as the whole folder already, and the selection waits for the whole.
  const head = isListingHead(resource);
  const count = head ? (resource.numDirs ?? 0) + (resource.numFiles ?? 0) : items.length;

  const order = useMemo(() => (resource.items ?? []).map((item) => item.name), [resource.items]);
  // Names that left the folder (deleted, renamed, or a restored selection) leave the selection.
  useEffect(() => {
    if (!head) pruneSelection(order);
  }, [order, head]);

  const open = useCallback(
    (item: Item) => {
      // A broken link leads nowhere.
      if (item.type !== "invalid_link") void navigate(itemUrl(item));
    },
    [navigate],
  );
  const handlers = useItemHandlers({ order, singleClick: Boolean(user?.singleClick), open });

  // The chosen order shows at once; the server sorts, so the listing is fetched again.
  const [pending, setPending] = useState<{ for: Resource; sorting: Sorting } | null>(null);
  const sorting = pending?.for === resource ? pending.sorting : resource.sorting;
  const sort = (by: SortField) => {
    const next = nextSorting(sorting, by);
    setPending({ for: resource, sorting: next });
    saveSorting(next)
      .then(() => queryClient.invalidateQueries({ queryKey: resourceKey(path) }))
      .catch((err: unknown) => {
        setPending(null);
        handleError(err);
      });
  };

  return (
    <div
      className={`listing ${viewClass(mode)}`}
      data-testid="listing"
      data-view={mode}
      data-count={items.length}
    >
      {/* Every page has one level-one heading (WCAG 1.3.1, 2.4.6): here, the folder's name. */}
      <h1 className="visually-hidden" data-testid="page-heading">
        {resource.name && resource.path !== "/" ? resource.name : t("sidebar.myFiles")}
      </h1>
      {items.length === 0 ? (
        <div className="listing__lonely" data-testid="listing-lonely">
          <Icon name="folder" size={56} />
          <p>{t("files.lonely")}</p>
        </div>
      ) : (
        <>
          <SortBar sorting={sorting} onSort={sort} />
          <VirtualItems
            path={resource.path}
            items={items}
            count={Math.max(count, items.length)}
            mode={mode}
            handlers={handlers}
            locale={i18n.language}
            absoluteDates={Boolean(user?.dateFormat)}
          />
        </>
      )}
    </div>
  );
}
