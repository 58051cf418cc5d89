import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { hookKeys, parseHookLines } from "./shell-fields";

interface HookSettingsFormProps {
  /** settings.commands: hook key (before_copy, after_save, …) → commands. */
  initial: Record<string, string[]>;
  /** Events beyond File Browser's five: unzip and each edition tool (`mauro:m2hv`). */
  extraEvents?: readonly string[];
  onSave: (commands: Record<string, string[]>) => void;
  saving?: boolean;
}

/**
 * The command hooks (API.md Part B §10.3): for each action, the commands run before and after
 * it on the server, one per line.
 */
export function HookSettingsForm({
  initial,
  extraEvents = [],
  onSave,
  saving = false,
}: HookSettingsFormProps) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(
      hookKeys(initial, extraEvents).map((key) => [key, (initial[key] ?? []).join("\n")]),
    ),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(
      Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parseHookLines(text)])),
    );
  };

  return (
    <form className="card" onSubmit={submit} data-testid="global-hooks-form">
      <h2 className="card__title">{t("shell.settings.hooks")}</h2>
      <div className="card__body">
        <p className="notice notice--warning" role="note">
          <Icon name="alert" /> {t("shell.settings.hooksWarning")}
        </p>
        <p className="field__hint muted">{t("shell.settings.hooksHelp")}</p>
        <div className="hook-fields">
          {Object.entries(texts).map(([key, text]) => (
            <label key={key} className="field">
              <span className="field__label" dir="ltr">
                <code>{key}</code>
              </span>
              <textarea
                className="input"
                dir="ltr"
                rows={2}
                spellCheck={false}
                value={text}
                onChange={(event) =>
                  setTexts((current) => ({ ...current, [key]: event.target.value }))
                }
                data-testid={`hook-${key}`}
              />
            </label>
          ))}
        </div>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          data-testid="global-hooks-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
