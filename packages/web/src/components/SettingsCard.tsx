import { useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { useSettingsChanges } from "./settings-changes";

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
  /** Defaults to Update (Save in a section that tracks unsaved changes). */
  submitLabel?: string;
  /** Buttons before the submit button (Delete). */
  actions?: ReactNode;
  /** Defaults to `card`; empty for a form inside a card. */
  className?: string;
  children: ReactNode;
}

/**
 * The skeleton of every settings form: a card with its title, its body and a footer whose last
 * button submits. Enter in a field submits as well. Inside a section that tracks unsaved changes
 * (SettingsChangesContext), the button is enabled only when a field changed.
 */
export function SettingsCard(props: SettingsCardProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const { changed, check } = useSettingsChanges(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed === false) return;
    props.onSubmit();
  };
  return (
    <form
      ref={form}
      className={(props.className ?? "card") || undefined}
      onSubmit={submit}
      onInput={check}
      onChange={check}
      data-testid={`${props.testId}-form`}
      data-changed={changed ?? undefined}
    >
      {props.title && <h2 className="card__title">{props.title}</h2>}
      <div className="card__body">{props.children}</div>
      <div className="card__actions">
        {props.actions}
        <Button
          tone="primary"
          submit
          disabled={props.submitDisabled || changed === false}
          testId={props.submitTestId ?? `${props.testId}-submit`}
        >
          {props.submitLabel ?? (changed === null ? t("buttons.update") : t("buttons.save"))}
        </Button>
      </div>
    </form>
  );
}
