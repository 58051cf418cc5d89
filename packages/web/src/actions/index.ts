import { helpAction, newDirAction, newFileAction } from "./builtin";
import { registerActions } from "./registry";

registerActions(helpAction, newDirAction, newFileAction);

export { actionForKey, actionsFor, getAction, registerActions } from "./registry";
export type { Action, ActionContext, ActionPlacement, Shortcut } from "./types";
export { useActionContext } from "./use-action-context";
export { useActionShortcuts } from "./use-action-shortcuts";
