import type { Settings } from "@scriptorium/shared";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { getGlobals } from "../../../lib/globals";
import { entriesNeedingExec, execEntry, fullShellPrograms } from "../../../lib/full-shell";
import { parseCommandWords, parseShell } from "./shell-fields";

type ShellFields = Pick<Settings, "shell" | "defaults">;

interface ShellSettingsFormProps {
  initial: ShellFields;
  onSave: (fields: ShellFields) => void;
  saving?: boolean;
}

/**
 * The shell the server runs typed lines with, and the commands new users may run; warns that
 * commands run on the server and when an allowed program gives a full shell, explains the
 * `name:exec` entries (issue 27) and says which entries allow nothing without one.
 */
export function ShellSettingsForm({ initial, onSave, saving = false }: ShellSettingsFormProps) {
  const { t } = useTranslation();
  const [shell, setShell] = useState(() => initial.shell.join(" "));
  const [commands, setCommands] = useState(() => initial.defaults.commands.join(" "));
  const entries = parseCommandWords(commands);
  const risky = fullShellPrograms(entries);
  const needsExec = entriesNeedingExec(entries);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      shell: parseShell(shell),
      defaults: { ...initial.defaults, commands: parseCommandWords(commands) },
    });
  };

  return (
    <form className="card" onSubmit={submit} data-testid="global-shell-form">
      <h2 className="card__title">{t("shell.settings.title")}</h2>
      <div className="card__body">
        <p className="notice notice--warning" role="note">
          <Icon name="alert" /> {t("shell.settings.runsOnServer")}
        </p>
        {!getGlobals().EnableExec && (
          <p className="field__hint muted" data-testid="global-exec-off">
            {t("shell.settings.execOff")}
          </p>
        )}
        <label className="field">
          <span className="field__label">{t("shell.settings.shell")}</span>
          <textarea
            className="input"
            dir="ltr"
            rows={2}
            spellCheck={false}
            value={shell}
            onChange={(event) => setShell(event.target.value)}
            aria-describedby="shell-help"
            data-testid="global-shell"
          />
          <span id="shell-help" className="field__hint muted">
            {t("shell.settings.shellHelp")} {t("shell.settings.shellExpansion")}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t("shell.settings.defaultCommands")}</span>
          <input
            className="input"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={commands}
            onChange={(event) => setCommands(event.target.value)}
            aria-describedby="default-commands-help default-commands-exec-help"
            data-testid="global-default-commands"
          />
          <span id="default-commands-help" className="field__hint muted">
            {t("shell.settings.commandsHelp")}
          </span>
          <span
            id="default-commands-exec-help"
            className="field__hint muted"
            data-testid="global-exec-help"
          >
            {t("shell.settings.execHelp")}
          </span>
        </label>
        {needsExec.length > 0 && (
          <p className="notice notice--warning" role="status" data-testid="global-needs-exec">
            <Icon name="alert" />{" "}
            {t("shell.settings.needsExec", {
              programs: needsExec.join(", "),
              example: execEntry(needsExec[0] as string),
            })}
          </p>
        )}
        {risky.length > 0 && (
          <p className="notice notice--danger" role="alert" data-testid="global-full-shell">
            <Icon name="alert" />{" "}
            {t("shell.settings.fullShellWarning", { programs: risky.join(", ") })}
          </p>
        )}
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          data-testid="global-shell-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
