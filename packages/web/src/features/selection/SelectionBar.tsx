import { useTranslation } from "react-i18next";
import { ActionButton, useActionContext, useActionsFor } from "../../actions";
import "./selection-bar.css";

/**
 * Narrow screens (≤ 736 px, SPEC.md §2): while items are selected, the count and the actions
 * that work on the selection sit in a bar at the bottom, within reach of the thumb. Wider
 * screens hide it with CSS and use the header.
 */
export function SelectionBar() {
  const { t } = useTranslation();
  const ctx = useActionContext();
  const actions = useActionsFor("selection", ctx);
  if (ctx.selectedCount === 0) return null;

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
        {actions.map((action) => (
          <ActionButton
            key={action.id}
            action={action}
            ctx={ctx}
            testId={`selection-action-${action.id}`}
          />
        ))}
      </div>
    </div>
  );
}
