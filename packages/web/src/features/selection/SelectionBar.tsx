import { useTranslation } from "react-i18next";
import { actionIcon, actionsFor, useActionContext } from "../../actions";
import { handleError } from "../../api/errors";
import { Icon } from "../../components/Icon";
import "./selection-bar.css";

/**
 * Narrow screens (≤ 736 px, SPEC.md §2): while items are selected, the count and the actions
 * that work on the selection sit in a bar at the bottom, within reach of the thumb. Wider
 * screens hide it with CSS and use the header.
 */
export function SelectionBar() {
  const { t } = useTranslation();
  const ctx = useActionContext();
  if (ctx.selectedCount === 0) return null;
  const actions = actionsFor("selection", ctx);

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
          <button
            key={action.id}
            type="button"
            className="icon-button"
            title={t(action.label)}
            aria-label={t(action.label)}
            aria-pressed={action.isActive?.(ctx)}
            data-testid={`selection-action-${action.id}`}
            onClick={() => Promise.resolve(action.perform(ctx)).catch(handleError)}
          >
            <Icon name={actionIcon(action, ctx)} />
          </button>
        ))}
      </div>
    </div>
  );
}
