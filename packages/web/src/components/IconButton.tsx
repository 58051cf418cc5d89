import type { ButtonHTMLAttributes } from "react";
import { Icon, type IconName } from "./Icon";

type IconButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "title" | "aria-label" | "children"
> & {
  icon: IconName;
  /** The button's name, shown as its tooltip too. */
  label: string;
  testId?: string;
  iconSize?: number;
};

/** A button that shows only an icon (`.icon-button`); its label is its name and tooltip. */
export function IconButton({
  icon,
  label,
  testId,
  iconSize,
  className,
  ...button
}: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : "icon-button"}
      title={label}
      aria-label={label}
      data-testid={testId}
      {...button}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
