import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton, useActionContext, useActionsFor } from "../../actions";
import { ActionMenu } from "../../actions/ActionMenu";
import { groupActions } from "../../actions/groups";
import { useIsNarrow } from "../../lib/use-element-width";

/** On a phone, this many of the primary actions stay as buttons; the others go in "More". */
const PHONE_INLINE = 1;

/**
 * The header's actions (issue 31): the primary ones as icon buttons (their name in a
 * tooltip), the edition tools in one "Edition" menu, the rest in "More actions". They sit in
 * the header's band but come after the sidebar in the document, so that Tab reaches the
 * navigation first (WCAG 2.4.3). Their width is published as --header-actions-width for the
 * brand beside them to give way.
 */
export function HeaderActions() {
  const { t } = useTranslation();
  const ctx = useActionContext();
  const narrow = useIsNarrow();
  const ref = useRef<HTMLDivElement>(null);
  const selecting = ctx.selectedCount > 0;
  const all = useActionsFor("header", ctx);
  // On a phone with a selection, the selection's actions are in the bar at the bottom.
  const actions =
    narrow && selecting ? all.filter((a) => !a.placements.includes("selection")) : all;
  const groups = groupActions(actions);
  const inline = narrow ? groups.primary.slice(0, PHONE_INLINE) : groups.primary;
  const more = narrow ? [...groups.primary.slice(PHONE_INLINE), ...groups.more] : groups.more;

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
      {groups.edition.length > 0 && (
        <ActionMenu
          actions={groups.edition}
          ctx={ctx}
          label={t("header.edition")}
          icon={narrow ? "compile" : undefined}
          testId="header-edition"
        />
      )}
      {more.length > 0 && (
        <ActionMenu
          actions={more}
          ctx={ctx}
          label={t("header.more")}
          icon="more"
          testId="header-more"
        />
      )}
    </div>
  );
}
