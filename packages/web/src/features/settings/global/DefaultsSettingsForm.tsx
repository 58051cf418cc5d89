import type { Settings } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/fields";
import { usePatchState } from "../../../lib/use-patch-state";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { PermissionsFields } from "../users/PermissionsFields";
import { UserDefaultsFields } from "../UserDefaultsFields";

type Defaults = Settings["defaults"];

/**
 * What new users get (signup, the user form, `users add`): API.md Part B §8.4 `defaults`; their
 * shell commands are in the shell card.
 */
export function DefaultsSettingsForm({ initial, onSave, saving }: SettingsFormProps<Defaults>) {
  const { t } = useTranslation();
  const [form, set] = usePatchState(initial);
  return (
    <SettingsCard
      title={t("globalSettings.defaults")}
      testId="global-defaults"
      onSubmit={() => onSave(form)}
      submitDisabled={saving}
    >
      <p className="field__hint muted">{t("globalSettings.defaultsHelp")}</p>
      <TextField
        label={t("settings.users.scope")}
        code
        value={form.scope}
        onChange={(scope) => set({ scope })}
        testId="global-default-scope"
      />
      <UserDefaultsFields value={form} onChange={set} />
      <PermissionsFields
        value={form.perm}
        onChange={(perm) => set({ perm })}
        testId="global-default-perm"
      />
    </SettingsCard>
  );
}
