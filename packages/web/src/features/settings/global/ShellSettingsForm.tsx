import type { ProgramsState, Settings } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields";
import { Notice } from "../../../components/Notice";
import { SettingsCard } from "../../../components/SettingsCard";
import { getGlobals } from "../../../lib/globals";
import { entriesNeedingExec, execEntry, fullShellPrograms } from "../../../lib/full-shell";
import { fetchGlobalSettings } from "./global-settings-api";
import { parseCommandWords, parseShell } from "./shell-fields";
import "./shell-settings.css";

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

  const submit = () =>
    onSave({
      shell: parseShell(shell),
      defaults: { ...initial.defaults, commands: parseCommandWords(commands) },
    });

  return (
    <SettingsCard
      title={t("shell.settings.title")}
      testId="global-shell"
      onSubmit={submit}
      submitDisabled={saving}
    >
      <Notice tone="warning">{t("shell.settings.runsOnServer")}</Notice>
      <ShellNeeds />
      <TextField
        label={t("shell.settings.shell")}
        rows={2}
        value={shell}
        onChange={setShell}
        hint={`${t("shell.settings.shellHelp")} ${t("shell.settings.shellExpansion")}`}
        hintId="shell-help"
        testId="global-shell"
      />
      <TextField
        label={t("shell.settings.defaultCommands")}
        code
        value={commands}
        onChange={setCommands}
        hint={t("shell.settings.commandsHelp")}
        hintId="default-commands-help"
        aria-describedby="default-commands-help default-commands-exec-help"
        testId="global-default-commands"
        extra={
          <span
            id="default-commands-exec-help"
            className="field__hint muted"
            data-testid="global-exec-help"
          >
            {t("shell.settings.execHelp")}
          </span>
        }
      />
      <CommandWarnings entries={parseCommandWords(commands)} />
    </SettingsCard>
  );
}

/**
 * What the shell needs and lacks here (issue 31): the server's enableExec, with the command an
 * administrator runs to turn it on (read by the running server at once: the settings are read
 * from the database on each request), and a working bubblewrap, which the server probes once,
 * when it starts (so a restart after installing it).
 */
function ShellNeeds() {
  const { t } = useTranslation();
  // What the page's own query holds (same key, never fetched again here): how programs run.
  const programs = useQuery({
    queryKey: ["globalSettings"],
    queryFn: fetchGlobalSettings,
    enabled: false,
  }).data?.programs;
  return (
    <>
      {!getGlobals().EnableExec && (
        <div className="field__hint shell-settings__needs" data-testid="global-exec-off">
          <p>{t("shell.settings.execOff")}</p>
          <pre className="shell-settings__command" dir="ltr">
            <code>scriptorium config set --enableExec</code>
          </pre>
          <p className="muted">{t("shell.settings.execOffHow")}</p>
        </div>
      )}
      <BubblewrapNeed programs={programs} />
    </>
  );
}

/** Without a working bubblewrap the shell cannot run: say so, why, and what fixes it. */
function BubblewrapNeed({ programs }: { programs: ProgramsState | undefined }) {
  const { t } = useTranslation();
  if (programs?.mode !== "off") return null;
  return (
    <Notice tone="warning" testId="global-needs-bwrap">
      {t("shell.settings.needsBwrap", { reason: programs.reason ?? "" })}
    </Notice>
  );
}

/** Entries that allow nothing without `:exec`, and programs that give a full shell. */
function CommandWarnings({ entries }: { entries: string[] }) {
  const { t } = useTranslation();
  const risky = fullShellPrograms(entries);
  const needsExec = entriesNeedingExec(entries);
  return (
    <>
      {needsExec.length > 0 && (
        <Notice tone="warning" role="status" testId="global-needs-exec">
          {t("shell.settings.needsExec", {
            programs: needsExec.join(", "),
            example: execEntry(needsExec[0] as string),
          })}
        </Notice>
      )}
      {risky.length > 0 && (
        <Notice tone="danger" role="alert" testId="global-full-shell">
          {t("shell.settings.fullShellWarning", { programs: risky.join(", ") })}
        </Notice>
      )}
    </>
  );
}
