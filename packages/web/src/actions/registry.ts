import type { IconName } from "../components/Icon";
import { getActionStatus } from "./action-status";
import type { Action, ActionContext, ActionPlacement, Shortcut } from "./types";

const registry = new Map<string, Action>();

/** Adds actions; registering an id again replaces the earlier action. */
export function registerActions(...actions: Action[]): void {
  for (const action of actions) registry.set(action.id, action);
}

export function getAction(id: string): Action | undefined {
  return registry.get(id);
}

/**
 * Visible actions for one place in the interface, in registration order. An action whose work
 * is still running or just succeeded stays too, to show its spinner and check (SPEC.md §4).
 */
export function actionsFor(placement: ActionPlacement, ctx: ActionContext): Action[] {
  return [...registry.values()].filter(
    (action) =>
      action.placements.includes(placement) &&
      (action.isVisible(ctx) || getActionStatus(action.id) !== undefined),
  );
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  const mod = event.ctrlKey || event.metaKey;
  return (
    event.key.toLowerCase() === shortcut.key.toLowerCase() &&
    mod === Boolean(shortcut.mod) &&
    event.shiftKey === Boolean(shortcut.shift) &&
    !event.altKey
  );
}

/** The visible action bound to this key press, if any. */
export function actionForKey(event: KeyboardEvent, ctx: ActionContext): Action | undefined {
  for (const action of registry.values()) {
    if (action.shortcut && matchesShortcut(event, action.shortcut) && action.isVisible(ctx)) {
      return action;
    }
  }
  return undefined;
}

/** The icon to draw for an action in this state. */
export function actionIcon(action: Action, ctx: ActionContext): IconName {
  return action.iconFor?.(ctx) ?? action.icon;
}
