import { decodeDestination, wildcardPath } from "../../lib/route-params.js";
import type { UserRecord } from "../users/users.store.js";
import type { HookEvent, Hooks } from "./hooks.service.js";

/** What the hooks of a route read: who acts, and on which path. */
interface HookedContext {
  user: UserRecord;
  request: { params: unknown };
}

/**
 * The event hooks of a route, declared with it (`hooks` of defineRoute): `before_<event>` once
 * the request is authorised (a failing one refuses it), `after_<event>` once the handler has
 * succeeded. When `eventOf` answers no event, no hook runs.
 */
export function eventHooks<Ctx extends HookedContext>(
  hooks: Hooks,
  eventOf: (ctx: Ctx) => HookEvent | undefined,
): (ctx: Ctx) => Promise<(() => void) | undefined> {
  return async (ctx) => {
    const event = eventOf(ctx);
    return event ? hooks.before(event) : undefined;
  };
}

/** The hooks of `event` on the route's path (a wildcard route: /api/resources, /api/tus). */
export function fileHooks(hooks: Hooks, event: string) {
  return eventHooks(hooks, ({ user, request }: HookedContext) => ({
    event,
    user,
    file: wildcardPath(request.params),
  }));
}

/**
 * The destination the hooks are told, decoded; none when absent or badly encoded (the action
 * itself then answers 400 for it, or ignores it, as pdflatex does).
 */
export function hookDestination(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return decodeDestination(raw);
  } catch {
    return undefined;
  }
}
