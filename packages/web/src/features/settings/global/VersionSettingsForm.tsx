import type { VersionSettings } from "@scriptorium/shared";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, CountField, TextField } from "../../../components/fields";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { formatBytes } from "../../../lib/format-bytes";
import { parseTrashDays, parseTrashLimit } from "./TrashSettingsForm";

const MIB = 1024 * 1024;

/** The share field: a whole percentage from 0 (no limit) to 1000. */
export function parsePercent(text: string): number {
  const value = Math.floor(Number(text.trim()));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 1000) : 0;
}

/** Whether the tool-output pattern is one the server can use (empty is: no tool output kept). */
export function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * The versions kept of overwritten files (issue 29): on or off, the largest file that keeps
 * versions, their maximum age, the share of the space they may take, and which folders of tool
 * outputs keep versions (a regular expression, as the server matches it).
 */
export function VersionSettingsForm({
  initial,
  onSave,
  saving,
}: SettingsFormProps<VersionSettings>) {
  const { t } = useTranslation();
  const enabledHint = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [sizeText, setSizeText] = useState(() =>
    String(Number((initial.maxFileBytes / MIB).toFixed(2))),
  );
  const [ageText, setAgeText] = useState(() => String(initial.maxAgeDays));
  const [shareText, setShareText] = useState(() => String(initial.maxSharePercent));
  const [pattern, setPattern] = useState(initial.toolOutputFolders);
  const size = parseTrashLimit(sizeText);
  const badPattern = !validPattern(pattern.trim());
  return (
    <SettingsCard
      title={t("globalSettings.versions")}
      testId="global-versions"
      onSubmit={() =>
        !badPattern &&
        onSave({
          enabled,
          maxFileBytes: size,
          maxAgeDays: parseTrashDays(ageText),
          maxSharePercent: parsePercent(shareText),
          toolOutputFolders: pattern.trim(),
        })
      }
      submitDisabled={saving || badPattern}
    >
      <div className="field global-settings__switch">
        <CheckboxField
          label={t("globalSettings.versionsEnabled")}
          checked={enabled}
          onChange={setEnabled}
          aria-describedby={enabledHint}
          testId="global-versions-enabled"
        />
        <span id={enabledHint} className="field__hint muted">
          {t("globalSettings.versionsEnabledHelp")}
        </span>
      </div>
      <TextField
        label={t("globalSettings.versionsMaxSize")}
        name="versionsMaxSize"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={sizeText}
        onChange={setSizeText}
        hint={t("globalSettings.versionsMaxSizeHelp", { size: formatBytes(size) })}
        testId="global-versions-max-size"
      />
      <CountField
        label={t("globalSettings.versionsMaxAge")}
        name="versionsMaxAge"
        max={36500}
        value={ageText}
        onChange={setAgeText}
        hint={t("globalSettings.versionsMaxAgeHelp")}
        testId="global-versions-max-age"
      />
      <CountField
        label={t("globalSettings.versionsShare")}
        name="versionsShare"
        max={1000}
        value={shareText}
        onChange={setShareText}
        hint={t("globalSettings.versionsShareHelp")}
        testId="global-versions-share"
      />
      <TextField
        label={t("globalSettings.versionsToolFolders")}
        name="versionsToolFolders"
        code
        maxLength={1000}
        placeholder="_m2lv$"
        aria-invalid={badPattern || undefined}
        value={pattern}
        onChange={setPattern}
        hint={
          <span
            className={badPattern ? "global-settings__problem" : undefined}
            role={badPattern ? "alert" : undefined}
          >
            {t(
              badPattern
                ? "globalSettings.versionsToolFoldersBad"
                : "globalSettings.versionsToolFoldersHelp",
            )}
          </span>
        }
        testId="global-versions-tool-folders"
      />
    </SettingsCard>
  );
}
