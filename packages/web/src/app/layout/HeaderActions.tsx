import { useLayoutEffect, useRef } from "react";
import { ActionButton, useActionContext, useActionsFor } from "../../actions";
import { useIsNarrow } from "../../lib/use-element-width";
import { ActionMenu } from "./ActionMenu";

/** On a phone, this many header actions stay as buttons; the others go in the "More" menu. */
const PHONE_INLINE = 1;

/**
 * The header's actions. They sit in the header's band but come after the sidebar in the
 * document, so that Tab reaches the navigation first (WCAG 2.4.3). Their width is published
 * as --header-actions-width for the brand beside them to give way.
 */
export function HeaderActions() {
  const ctx = useActionContext();
  const narrow = useIsNarrow();
  const ref = useRef<HTMLDivElement>(null);
  const selecting = ctx.selectedCount > 0;
  const all = useActionsFor("header", ctx);
  // On a phone with a selection, the selection's actions are in the bar at the bottom.
  const actions =
    narrow && selecting ? all.filter((a) => !a.placements.includes("selection")) : all;
  const menu = narrow && actions.length > PHONE_INLINE + 1;
  const inline = menu ? actions.slice(0, PHONE_INLINE) : actions;

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty("--header-actions-width", `${element.offsetWidth}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-actions-width");
    };
  }, []);

  return (
    <div ref={ref} className="app-header__actions" data-testid="header-actions">
      {inline.map((action) => (
        <ActionButton key={action.id} action={action} ctx={ctx} testId={`action-${action.id}`} />
      ))}
      {menu && <ActionMenu actions={actions.slice(PHONE_INLINE)} ctx={ctx} />}
    </div>
  );
}
