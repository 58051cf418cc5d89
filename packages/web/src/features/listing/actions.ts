import type { ViewMode } from "@scriptorium/shared";
import type { IconName } from "../../components/Icon";
import { saveViewMode, nextViewMode } from "./listing-prefs";
import {
  clearSelection,
  selectAll,
  setMultiple,
  useSelectionStore,
} from "../../state/selection-store";
import type { Action, ActionContext } from "../../actions/types";

/** A folder listing is on screen. */
const inListing = (ctx: ActionContext) => Boolean(ctx.current?.resource.isDir);

const VIEW_ICONS: Record<ViewMode, IconName> = {
  list: "viewList",
  mosaic: "viewMosaic",
  "mosaic gallery": "viewGallery",
};

/**
 * Info of the one selected item, of the folder or file on screen when none is selected, or
 * the count and total size of several selected items (as File Browser shows them).
 */
export const infoAction: Action = {
  id: "info",
  label: "buttons.info",
  icon: "info",
  placements: ["header", "selection"],
  isVisible: (ctx) => ctx.current !== null,
  perform: (ctx) => {
    const resource = ctx.current?.resource;
    if (!resource) return;
    const { selected } = useSelectionStore.getState();
    if (selected.size > 1) {
      const items = (resource.items ?? []).filter((i) => selected.has(i.name));
      ctx.showPrompt({ name: "info", items });
      return;
    }
    const [name] = selected;
    const item = name === undefined ? undefined : resource.items?.find((i) => i.name === name);
    ctx.showPrompt({ name: "info", item: item ?? resource });
  },
};

/** Cycles list → mosaic → mosaic gallery; the icon shows the mode it switches to. */
export const switchViewAction: Action = {
  id: "switchView",
  label: "buttons.switchView",
  icon: "viewMosaic",
  iconFor: (ctx) => VIEW_ICONS[nextViewMode(ctx.user?.viewMode ?? "list")],
  placements: ["header"],
  isVisible: inListing,
  perform: (ctx) => saveViewMode(nextViewMode(ctx.user?.viewMode ?? "list")),
};

export const selectMultipleAction: Action = {
  id: "selectMultiple",
  label: "buttons.selectMultiple",
  icon: "selectMultiple",
  placements: ["header", "selection"],
  isActive: (ctx) => ctx.multiple,
  isVisible: inListing,
  perform: (ctx) => setMultiple(!ctx.multiple),
};

export const selectAllAction: Action = {
  id: "selectAll",
  label: "buttons.selectAll",
  icon: "selectAll",
  shortcut: { key: "a", mod: true },
  placements: [],
  isVisible: inListing,
  perform: (ctx) => selectAll((ctx.current?.resource.items ?? []).map((item) => item.name)),
};

/** Escape, and the ✕ of the narrow selection bar. */
export const clearSelectionAction: Action = {
  id: "clearSelection",
  label: "buttons.clearSelection",
  icon: "close",
  shortcut: { key: "Escape" },
  placements: ["selection"],
  isVisible: (ctx) => inListing(ctx) && ctx.selectedCount > 0,
  perform: () => clearSelection(),
};
