import { useTranslation } from "react-i18next";
import { ActionButton, useActionContext, useActionsFor } from "../../actions";
import { ActionMenu } from "../../actions/ActionMenu";
import { groupActions } from "../../actions/groups";
import { useIsNarrow } from "../../lib/use-element-width";
import "./selection-bar.css";

/**
 * While items are selected, their count as text ("3 selected", issue 31) in a bar at the
 * bottom of the listing. On narrow screens (≤ 736 px, SPEC.md §2) the bar holds the actions
 * that work on the selection too, within reach of the thumb: the primary ones as icon
 * buttons, the edition tools in the "Edition" menu, the rest in "More actions". Wider screens
 * have those in the header, and the bar only the count and the button that clears it.
 */
export function SelectionBar() {
  const { t } = useTranslation();
  const ctx = useActionContext();
  const narrow = useIsNarrow();
  const all = useActionsFor("selection", ctx);
  if (ctx.selectedCount === 0) return null;
  const groups = narrow
    ? groupActions(all)
    : { primary: all.filter((action) => action.id === "clearSelection"), edition: [], more: [] };

  return (
    <div
      className="selection-bar"
      role="region"
      aria-label={t("files.selection")}
      data-testid="selection-bar"
    >
      <span className="selection-bar__count" data-testid="selection-count" aria-live="polite">
        {t("header.selected", { count: ctx.selectedCount })}
      </span>
      <div className="selection-bar__actions">
        {groups.primary.map((action) => (
          <ActionButton
            key={action.id}
            action={action}
            ctx={ctx}
            testId={`selection-action-${action.id}`}
          />
        ))}
        {groups.edition.length > 0 && (
          <ActionMenu
            actions={groups.edition}
            ctx={ctx}
            label={t("header.edition")}
            icon="compile"
            testId="selection-edition"
            itemTestId="selection-action-"
            up
          />
        )}
        {groups.more.length > 0 && (
          <ActionMenu
            actions={groups.more}
            ctx={ctx}
            label={t("header.more")}
            icon="more"
            testId="selection-more"
            itemTestId="selection-action-"
            up
          />
        )}
      </div>
    </div>
  );
}
