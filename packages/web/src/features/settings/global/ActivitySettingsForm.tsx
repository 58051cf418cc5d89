import type { ActivitySettings } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CountField } from "../../../components/fields";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { parseTrashDays } from "./TrashSettingsForm";

/** How long the activity log keeps its lines (issue 29): days, 0 for ever. */
export function ActivitySettingsForm({
  initial,
  onSave,
  saving,
}: SettingsFormProps<ActivitySettings>) {
  const { t } = useTranslation();
  const [daysText, setDaysText] = useState(() => String(initial.days));
  return (
    <SettingsCard
      title={t("globalSettings.activity")}
      testId="global-activity"
      onSubmit={() => onSave({ days: parseTrashDays(daysText) })}
      submitDisabled={saving}
    >
      <CountField
        label={t("globalSettings.activityDays")}
        name="activityDays"
        max={36500}
        value={daysText}
        onChange={setDaysText}
        hint={t("globalSettings.activityDaysHelp")}
        testId="global-activity-days"
      />
    </SettingsCard>
  );
}
