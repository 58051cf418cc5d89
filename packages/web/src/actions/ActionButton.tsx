import { useTranslation } from "react-i18next";
import { handleError } from "../state/handle-error";
import { Icon } from "../components/Icon";
import { useActionStatus } from "./action-status";
import { actionIcon } from "./registry";
import type { Action, ActionContext } from "./types";
import "./action-button.css";

interface ActionButtonProps {
  action: Action;
  ctx: ActionContext;
  testId: string;
  className?: string;
}

/**
 * An action as an icon button (header, selection bar). While the action's work runs it shows
 * a spinner, then a check for a moment (SPEC.md §4 Buttons); it stays on screen meanwhile even
 * if the action is no longer offered (moved items leave the selection), but cannot run again.
 */
export function ActionButton({ action, ctx, testId, className }: ActionButtonProps) {
  const { t } = useTranslation();
  const status = useActionStatus(action.id);
  const label = t(action.label);
  const enabled = (status !== "busy" || action.concurrent === true) && action.isVisible(ctx);
  let icon = <Icon name={actionIcon(action, ctx)} />;
  if (status === "busy") icon = <span className="spinner" aria-hidden="true" />;
  else if (status === "done") icon = <Icon name="check" className="action-button__done" />;
  const badge = action.badge?.(ctx);
  // The accessible name holds the visible counter too (WCAG 2.5.3, label in name).
  const name = badge ? `${label} ${badge}` : label;
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : "icon-button"}
      aria-label={name}
      data-tooltip={label}
      aria-pressed={action.isActive?.(ctx)}
      aria-busy={status === "busy" || undefined}
      data-status={status}
      disabled={!enabled}
      data-testid={testId}
      onClick={() => Promise.resolve(action.perform(ctx)).catch(handleError)}
    >
      {icon}
      {badge ? (
        <span className="action-button__badge" data-testid={`${action.id}-count`}>
          {badge}
        </span>
      ) : null}
    </button>
  );
}
