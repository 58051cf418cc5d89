import { useActionStatusStore } from "./action-status";
import { actionsFor } from "./registry";
import type { Action, ActionContext, ActionPlacement } from "./types";

/** actionsFor, re-rendered when an action's work starts or ends (its button may linger). */
export function useActionsFor(placement: ActionPlacement, ctx: ActionContext): Action[] {
  useActionStatusStore((state) => state.status);
  return actionsFor(placement, ctx);
}
