import type { TrashSettings } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CountField, TextField } from "../../../components/fields";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { formatBytes } from "../../../lib/format-bytes";

const MIB = 1024 * 1024;

/** The days field: a whole number of at least 0 (0 = deletions are immediate, no trash). */
export function parseTrashDays(text: string): number {
  const value = Math.floor(Number(text.trim()));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 36500) : 0;
}

/** The size field, in MiB (fractions allowed), as bytes; anything not a positive number is 0. */
export function parseTrashLimit(text: string): number {
  const value = Number(text.trim());
  return Number.isFinite(value) && value > 0 ? Math.round(value * MIB) : 0;
}

/** How long deleted items stay in the trash and how much each user's trash may hold (issue 29). */
export function TrashSettingsForm({ initial, onSave, saving }: SettingsFormProps<TrashSettings>) {
  const { t } = useTranslation();
  const [daysText, setDaysText] = useState(() => String(initial.days));
  const [limitText, setLimitText] = useState(() =>
    String(Number((initial.maxBytesPerUser / MIB).toFixed(2))),
  );
  const limit = parseTrashLimit(limitText);
  return (
    <SettingsCard
      title={t("globalSettings.trash")}
      testId="global-trash"
      onSubmit={() =>
        onSave({ days: parseTrashDays(daysText), maxBytesPerUser: parseTrashLimit(limitText) })
      }
      submitDisabled={saving}
    >
      <CountField
        label={t("globalSettings.trashDays")}
        name="trashDays"
        max={36500}
        value={daysText}
        onChange={setDaysText}
        hint={t("globalSettings.trashDaysHelp")}
        testId="global-trash-days"
      />
      <TextField
        label={t("globalSettings.trashLimit")}
        name="trashLimit"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={limitText}
        onChange={setLimitText}
        hint={
          limit > 0
            ? t("globalSettings.trashLimitParsed", { size: formatBytes(limit) })
            : t("globalSettings.trashLimitHelp")
        }
        testId="global-trash-limit"
      />
    </SettingsCard>
  );
}
