import type { Perm } from "@scriptorium/shared";
import { currentFolder } from "../../state/current-resource";
import { copyToClipboard, cutToClipboard, getClipboard } from "./clipboard-store";
import { pasteClipboard } from "./paste";
import { selectedItems } from "./selected-items";
import { showInfo, useToastStore } from "../../state/toast-store";
import i18n from "../../i18n";
import type { Action, ActionContext } from "../../actions/types";

/*
 * File organisation (SPEC.md §2, §3, §5, §6): rename, copy, move and delete in the header and
 * the selection bar, each shown only with its permission; the file clipboard on the keyboard.
 */

const inListing = (ctx: ActionContext) => Boolean(ctx.current?.resource.isDir);

/** The "ready to paste" toast of the last copy or cut: a paste makes it old news. */
let clipboardToast: number | undefined;
function announceClipboard(message: string) {
  if (clipboardToast !== undefined) useToastStore.getState().dismiss(clipboardToast);
  clipboardToast = showInfo(message);
}
const can = (ctx: ActionContext, perm: keyof Perm) => Boolean(ctx.user?.perm[perm]);
const withSelection = (ctx: ActionContext, perm: keyof Perm) =>
  inListing(ctx) && ctx.selectedCount > 0 && can(ctx, perm);

/** F2: one selected item, rename permission. */
export const renameAction: Action = {
  id: "rename",
  label: "buttons.rename",
  icon: "rename",
  shortcut: { key: "F2" },
  placements: ["header", "selection"],
  isVisible: (ctx) => withSelection(ctx, "rename") && ctx.selectedCount === 1,
  perform: (ctx) => {
    const [item] = selectedItems(ctx.current);
    if (item) ctx.showPrompt({ name: "rename", item });
  },
};

/** Copy through the folder picker: create permission. */
export const copyAction: Action = {
  id: "copy",
  label: "buttons.copy",
  icon: "copy",
  placements: ["header", "selection"],
  isVisible: (ctx) => withSelection(ctx, "create"),
  perform: (ctx) => {
    const items = selectedItems(ctx.current);
    if (items.length > 0) ctx.showPrompt({ name: "copy", items, dir: currentFolder(ctx.current) });
  },
};

/** Move through the folder picker: rename permission. */
export const moveAction: Action = {
  id: "move",
  label: "buttons.move",
  icon: "move",
  placements: ["header", "selection"],
  isVisible: (ctx) => withSelection(ctx, "rename"),
  perform: (ctx) => {
    const items = selectedItems(ctx.current);
    if (items.length > 0) ctx.showPrompt({ name: "move", items, dir: currentFolder(ctx.current) });
  },
};

/** The Delete key: delete permission; the prompt names one item or counts several. */
export const deleteAction: Action = {
  id: "delete",
  label: "buttons.delete",
  icon: "trash",
  shortcut: { key: "Delete" },
  placements: ["header", "selection"],
  isVisible: (ctx) => withSelection(ctx, "delete"),
  perform: (ctx) => {
    const items = selectedItems(ctx.current);
    if (items.length > 0) ctx.showPrompt({ name: "delete", items });
  },
};

/** Ctrl/Cmd+C: the selection goes to the file clipboard, to be copied where it is pasted. */
export const clipboardCopyAction: Action = {
  id: "clipboardCopy",
  label: "buttons.clipboardCopy",
  icon: "copy",
  shortcut: { key: "c", mod: true },
  placements: [],
  isVisible: (ctx) => withSelection(ctx, "create"),
  perform: (ctx) => {
    const items = selectedItems(ctx.current);
    if (items.length === 0) return;
    copyToClipboard(items, currentFolder(ctx.current));
    announceClipboard(i18n.t("organise.clipboardCopied", { count: items.length }));
  },
};

/** Ctrl/Cmd+X: the selection goes to the file clipboard, to be moved where it is pasted. */
export const clipboardCutAction: Action = {
  id: "clipboardCut",
  label: "buttons.cut",
  icon: "move",
  shortcut: { key: "x", mod: true },
  placements: [],
  isVisible: (ctx) => withSelection(ctx, "rename"),
  perform: (ctx) => {
    const items = selectedItems(ctx.current);
    if (items.length === 0) return;
    cutToClipboard(items, currentFolder(ctx.current));
    announceClipboard(i18n.t("organise.clipboardCut", { count: items.length }));
  },
};

/** Ctrl/Cmd+V: pastes into the folder on screen (a cut needs rename, a copy create). */
export const pasteAction: Action = {
  id: "paste",
  label: "buttons.paste",
  icon: "copy",
  shortcut: { key: "v", mod: true },
  placements: [],
  isVisible: (ctx) => {
    const { key, items } = getClipboard();
    if (!inListing(ctx) || !key || items.length === 0) return false;
    return can(ctx, key === "x" ? "rename" : "create");
  },
  perform: (ctx) => {
    if (clipboardToast !== undefined) useToastStore.getState().dismiss(clipboardToast);
    clipboardToast = undefined;
    return pasteClipboard(currentFolder(ctx.current), ctx.queryClient, can(ctx, "modify"));
  },
};
