import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../../components/Notice";
import { SettingsCard } from "../../../components/SettingsCard";
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

  const submit = () =>
    onSave(
      Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parseHookLines(text)])),
    );

  return (
    <SettingsCard
      title={t("shell.settings.hooks")}
      testId="global-hooks"
      onSubmit={submit}
      submitDisabled={saving}
    >
      <Notice tone="warning">{t("shell.settings.hooksWarning")}</Notice>
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
    </SettingsCard>
  );
}
