import type { User } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "../../components/SettingsCard";
import i18n, { applyLocale, normalizeLocale } from "../../i18n";
import { useAuthStore } from "../../state/auth-store";
import { showSuccess } from "../../state/toast-store";
import { useUpdateOwnUser } from "./use-update-user";
import { UserDefaultsFields, type ViewPrefs } from "./UserDefaultsFields";

/** Language, view mode and listing preferences, saved together with one PUT. */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateOwnUser();
  const [form, setForm] = useState<ViewPrefs>({
    locale: normalizeLocale(user.locale),
    viewMode: user.viewMode,
    hideDotfiles: user.hideDotfiles,
    singleClick: user.singleClick,
    dateFormat: user.dateFormat,
  });
  const change = (fields: Partial<ViewPrefs>) =>
    setForm((f) => ({ ...f, ...fields, locale: normalizeLocale(fields.locale ?? f.locale) }));

  const submit = () => {
    update.mutate(
      { which: ["locale", "hideDotfiles", "singleClick", "dateFormat", "viewMode"], data: form },
      {
        onSuccess: () => {
          useAuthStore.getState().patchUser(form);
          // Said in the new language, once its words are loaded.
          void applyLocale(form.locale).then(() => showSuccess(i18n.t("success.settingsUpdated")));
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t("settings.profileSettings")}
      testId="preferences"
      onSubmit={submit}
      submitDisabled={update.isPending}
    >
      <UserDefaultsFields value={form} onChange={change} localeTestId="locale-select" />
    </SettingsCard>
  );
}
