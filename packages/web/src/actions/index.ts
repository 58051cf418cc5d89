export { ActionButton } from "./ActionButton";
export { trackAction, useActionStatus } from "./action-status";
export { actionForKey, actionIcon, actionsFor, getAction, registerActions } from "./registry";
export type { Action, ActionContext, ActionPlacement, Shortcut } from "./types";
export { useActionContext } from "./use-action-context";
export { useActionShortcuts } from "./use-action-shortcuts";
export { useActionsFor } from "./use-actions-for";
