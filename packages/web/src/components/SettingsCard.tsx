import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";

/** The props of a card that edits one part of the settings. */
export interface SettingsFormProps<T> {
  initial: T;
  onSave: (value: T) => void;
  saving: boolean;
}

export interface SettingsCardProps {
  /** The card's heading; none when an outer element already titles it. */
  title?: string;
  /** The test ids are `{testId}-form` and `{testId}-submit`. */
  testId: string;
  onSubmit: () => void;
  /** Instead of `{testId}-submit`. */
  submitTestId?: string;
  submitDisabled?: boolean;
  /** Defaults to Update. */
  submitLabel?: string;
  /** Buttons before the submit button (Delete). */
  actions?: ReactNode;
  /** Defaults to `card`; empty for a form inside a card. */
  className?: string;
  children: ReactNode;
}

/**
 * The skeleton of every settings form: a card with its title, its body and a footer whose last
 * button submits. Enter in a field submits as well.
 */
export function SettingsCard(props: SettingsCardProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form
      className={(props.className ?? "card") || undefined}
      onSubmit={submit}
      data-testid={`${props.testId}-form`}
    >
      {props.title && <h2 className="card__title">{props.title}</h2>}
      <div className="card__body">{props.children}</div>
      <div className="card__actions">
        {props.actions}
        <Button
          tone="primary"
          submit
          disabled={props.submitDisabled}
          testId={props.submitTestId ?? `${props.testId}-submit`}
        >
          {props.submitLabel ?? t("buttons.update")}
        </Button>
      </div>
    </form>
  );
}
