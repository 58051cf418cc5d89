import { helpAction, newDirAction, newFileAction } from "./builtin";
import {
  clearSelectionAction,
  infoAction,
  selectAllAction,
  selectMultipleAction,
  switchViewAction,
} from "./listing";
import { registerActions } from "./registry";
import { downloadAction, uploadAction } from "./transfer";

registerActions(
  helpAction,
  newDirAction,
  newFileAction,
  switchViewAction,
  downloadAction,
  uploadAction,
  infoAction,
  selectMultipleAction,
  selectAllAction,
  clearSelectionAction,
);

export { ActionButton } from "./ActionButton";
export { trackAction, useActionStatus } from "./action-status";
export { actionForKey, actionIcon, actionsFor, getAction, registerActions } from "./registry";
export type { Action, ActionContext, ActionPlacement, Shortcut } from "./types";
export { useActionContext } from "./use-action-context";
export { useActionShortcuts } from "./use-action-shortcuts";
export { useActionsFor } from "./use-actions-for";
