import type { ButtonHTMLAttributes } from "react";

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className"> & {
  /** `.button` and its modifier: flat (Cancel, Close), primary (the main one), danger. */
  tone?: "plain" | "flat" | "primary" | "danger";
  /** Submits the form it is in; otherwise a plain button. */
  submit?: boolean;
  testId?: string;
};

/** A text button of the app (`.button`). */
export function Button({ tone = "plain", submit, testId, ...button }: ButtonProps) {
  return (
    <button
      type={submit ? "submit" : "button"}
      className={tone === "plain" ? "button" : `button button--${tone}`}
      data-testid={testId}
      {...button}
    />
  );
}
