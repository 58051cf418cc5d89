import type { WebdavSettings } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../components/fields";
import { Icon } from "../../../components/Icon";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { usePatchState } from "../../../lib/use-patch-state";

/**
 * WebDAV at /dav/ (issue 32): whether it is served, whether account passwords are accepted
 * there besides app passwords, and whether macOS Finder's metadata files are refused.
 */
export function WebdavSettingsForm({ initial, onSave, saving }: SettingsFormProps<WebdavSettings>) {
  const { t } = useTranslation();
  const [form, set] = usePatchState(initial);
  return (
    <SettingsCard
      title={t("globalSettings.webdav.title")}
      testId="global-webdav"
      onSubmit={() => onSave(form)}
      submitDisabled={saving}
    >
      <p className="field__hint muted">{t("globalSettings.webdav.help")}</p>
      <CheckboxField
        label={t("globalSettings.webdav.enabled")}
        checked={form.enabled}
        onChange={(enabled) => set({ enabled })}
        testId="global-webdav-enabled"
      />
      <CheckboxField
        label={t("globalSettings.webdav.allowAccountPassword")}
        checked={form.allowAccountPassword}
        onChange={(allowAccountPassword) => set({ allowAccountPassword })}
        aria-describedby="global-webdav-account-warning"
        testId="global-webdav-account-password"
      />
      {/* A Notice, with an id: the checkbox is described by it. */}
      <p
        className="notice notice--warning"
        id="global-webdav-account-warning"
        data-testid="global-webdav-account-warning"
      >
        <Icon name="alert" /> {t("globalSettings.webdav.accountPasswordWarning")}
      </p>
      <CheckboxField
        label={t("globalSettings.webdav.refuseMacMetadata")}
        checked={form.refuseMacMetadata}
        onChange={(refuseMacMetadata) => set({ refuseMacMetadata })}
        testId="global-webdav-mac-metadata"
      />
    </SettingsCard>
  );
}
