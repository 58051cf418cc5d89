import type { Tool, ToolSettings, ToolState } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields";
import { SettingsCard } from "../../../components/SettingsCard";
import { toolState, useToolStatesView } from "../../../state/tool-states";

/** A timeout field as the schema takes it: whole seconds from 1 to 3600, else `fallback`. */
export function parseTimeout(text: string, fallback: number): number {
  const value = Math.floor(Number(text));
  if (!Number.isFinite(value) || text.trim() === "") return fallback;
  return Math.min(3600, Math.max(1, value));
}

/** The folders field: one folder per line, blank lines dropped. */
export function parseFolders(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

interface ToolSettingsFormProps {
  initial: ToolSettings;
  onSave: ((tools: ToolSettings) => void) | null;
  saving?: boolean;
}

interface ToolRow {
  tool: Tool;
  executable: string;
  enabled: boolean;
  timeout: string;
}

/**
 * The edition tools (API.md Part A §9, issue 30): each configured tool's executable (a name
 * looked up in the tool folders, or an absolute path), whether it is offered, its timeout and its
 * state on this server (installed or not, where, its version line; a pipeline's steps); how
 * programs run here; the tool folders and the support folders, each with its state. The options
 * each tool accepts are kept as they are.
 */
export function ToolSettingsForm({ initial, onSave, saving = false }: ToolSettingsFormProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ToolRow[]>(() =>
    initial.tools.map((tool) => ({
      tool,
      executable: tool.executable,
      enabled: tool.enabled,
      timeout: String(tool.timeoutSeconds),
    })),
  );
  const [folders, setFolders] = useState(() => initial.folders.join("\n"));
  const [supportFolders, setSupportFolders] = useState(() =>
    (initial.supportFolders ?? []).join("\n"),
  );
  const states = useToolStatesView();
  const known = typeof states === "object" ? states : undefined;

  const update = (index: number, change: Partial<ToolRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = () =>
    onSave?.({
      folders: parseFolders(folders),
      supportFolders: parseFolders(supportFolders),
      tools: rows.map((row) => ({
        ...row.tool,
        executable: row.executable.trim() || row.tool.executable,
        enabled: row.enabled,
        timeoutSeconds: parseTimeout(row.timeout, row.tool.timeoutSeconds),
      })),
    });

  return (
    <SettingsCard
      title={t("editionTools.settings.title")}
      testId="global-tools"
      onSubmit={submit}
      submitDisabled={onSave === null || saving}
    >
      {known && (
        <p className="tool-settings__sandbox" data-testid="tool-sandbox" data-mode={known.sandbox}>
          {t(`editionTools.settings.sandbox.${known.sandbox}`)}
        </p>
      )}
      <table className="tool-settings">
        <thead>
          <tr>
            <th scope="col">{t("editionTools.settings.tool")}</th>
            <th scope="col">{t("editionTools.settings.executable")}</th>
            <th scope="col">{t("editionTools.settings.enabled")}</th>
            <th scope="col">{t("editionTools.settings.timeout")}</th>
            <th scope="col">{t("editionTools.settings.state")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <ToolSettingsRow
              key={row.tool.name}
              row={row}
              state={toolState(states, row.tool.name)}
              onChange={(change) => update(index, change)}
            />
          ))}
        </tbody>
      </table>
      <TextField
        label={t("editionTools.settings.folders")}
        rows={4}
        value={folders}
        onChange={setFolders}
        hint={t("editionTools.settings.foldersHelp")}
        testId="tool-folders"
      />
      <TextField
        label={t("editionTools.settings.supportFolders")}
        rows={3}
        value={supportFolders}
        onChange={setSupportFolders}
        hint={t("editionTools.settings.supportFoldersHelp")}
        testId="tool-support-folders"
      />
      {known?.supportFolders && known.supportFolders.length > 0 && (
        <ul className="tool-settings__support" data-testid="tool-support-states">
          {known.supportFolders.map((folder) => (
            <li key={folder.path} data-exists={folder.exists}>
              <code dir="ltr">{folder.path}</code>{" "}
              {folder.exists
                ? t("editionTools.settings.supportFiles", { count: folder.files ?? 0 })
                : t("editionTools.settings.supportMissing")}
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

/** One tool: its executable, whether it is offered, its timeout, its state on the server. */
function ToolSettingsRow({
  row,
  state,
  onChange,
}: {
  row: ToolRow;
  state: ToolState | undefined;
  onChange: (change: Partial<ToolRow>) => void;
}) {
  const { t } = useTranslation();
  const name = row.tool.name;
  return (
    <tr data-testid={`tool-row-${name}`}>
      <th scope="row" dir="ltr">
        {name}
      </th>
      <td>
        <input
          className="input"
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          aria-label={`${name}: ${t("editionTools.settings.executable")}`}
          value={row.executable}
          onChange={(event) => onChange({ executable: event.target.value })}
          data-testid="tool-executable"
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`${name}: ${t("editionTools.settings.enabled")}`}
          checked={row.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
          data-testid="tool-enabled"
        />
      </td>
      <td>
        <input
          className="input"
          type="number"
          min={1}
          max={3600}
          step={1}
          inputMode="numeric"
          aria-label={`${name}: ${t("editionTools.settings.timeout")}`}
          value={row.timeout}
          onChange={(event) => onChange({ timeout: event.target.value })}
          data-testid="tool-timeout"
        />
      </td>
      <td>
        <ToolStateCell tool={row.tool} state={state} />
      </td>
    </tr>
  );
}

/** Installed or not, where and which version; a pipeline's steps and which of them are missing. */
function ToolStateCell({ tool, state }: { tool: Tool; state: ToolState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <div className="tool-settings__state" data-testid="tool-state" data-installed={state.installed}>
      <span className={state.installed ? "tool-settings__ok" : "tool-settings__missing"}>
        {t(
          state.installed
            ? "editionTools.settings.installed"
            : "editionTools.settings.notInstalled",
        )}
      </span>
      {tool.steps && (
        <span className="tool-settings__detail" data-testid="tool-steps">
          {t("editionTools.settings.steps", { steps: tool.steps.join(" → ") })}
          {state.missing && state.missing.length > 0 && (
            <> {t("editionTools.settings.stepsMissing", { steps: state.missing.join(", ") })}</>
          )}
        </span>
      )}
      {state.program && (
        <code className="tool-settings__detail" dir="ltr" data-testid="tool-program">
          {state.program}
        </code>
      )}
      {state.version && (
        <span className="tool-settings__detail" dir="ltr" data-testid="tool-version">
          {state.version}
        </span>
      )}
    </div>
  );
}
