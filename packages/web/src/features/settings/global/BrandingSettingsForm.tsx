import { EMPTY_LOGIN_TEXTS, THEMES, type Branding, type Theme } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField, TextField } from "../../../components/fields";
import { usePatchState } from "../../../lib/use-patch-state";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { LoginTextsFields, loginContactsAreValid } from "./LoginTextsFields";

const THEME_LABELS = {
  "": "settings.themes.system",
  light: "settings.themes.light",
  dark: "settings.themes.dark",
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Product name, theme, colour, branding files and the two display switches (API.md §11), and
 * the login page's texts per language (issue 31).
 */
export function BrandingSettingsForm({ initial, onSave, saving }: SettingsFormProps<Branding>) {
  const { t } = useTranslation();
  const [form, set] = usePatchState(initial);
  const login = form.login ?? EMPTY_LOGIN_TEXTS;
  const valid = loginContactsAreValid(login);
  return (
    <SettingsCard
      title={t("globalSettings.branding")}
      testId="global-branding"
      onSubmit={() => valid && onSave({ ...form, login })}
      submitDisabled={saving || !valid}
    >
      <TextField
        label={t("globalSettings.brandingName")}
        placeholder="Scriptorium"
        maxLength={100}
        value={form.name}
        onChange={(name) => set({ name })}
        testId="global-branding-name"
      />
      <SelectField
        label={t("settings.theme")}
        value={form.theme}
        onChange={(theme) => set({ theme: theme as Theme })}
        options={THEMES.map((theme) => ({ value: theme, label: t(THEME_LABELS[theme]) }))}
        testId="global-branding-theme"
      />
      <BrandingColor value={form.color} onChange={(color) => set({ color })} />
      <TextField
        label={t("globalSettings.brandingFiles")}
        code
        placeholder="/srv/branding"
        value={form.files}
        onChange={(files) => set({ files })}
        hint={t("globalSettings.brandingFilesHint")}
        testId="global-branding-files"
      />
      <TextField
        label={t("globalSettings.reportUrl")}
        code
        type="url"
        placeholder="https://example.org/issues/new"
        value={form.reportUrl ?? ""}
        onChange={(reportUrl) => set({ reportUrl })}
        hint={t("globalSettings.reportUrlHint")}
        testId="global-branding-report"
      />
      <CheckboxField
        label={t("globalSettings.disableExternal")}
        checked={form.disableExternal}
        onChange={(disableExternal) => set({ disableExternal })}
      />
      <CheckboxField
        label={t("globalSettings.disableUsedPercentage")}
        checked={form.disableUsedPercentage}
        onChange={(disableUsedPercentage) => set({ disableUsedPercentage })}
      />
      <LoginTextsFields value={login} onChange={(next) => set({ login: next })} />
    </SettingsCard>
  );
}

/** The colour: a picker and the same value as text, for a hex code typed or pasted. */
function BrandingColor({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor="branding-color">
        {t("globalSettings.brandingColor")}
      </label>
      <span className="global-color">
        <input
          type="color"
          aria-label={t("globalSettings.brandingColor")}
          value={HEX.test(value) ? value : "#2979ff"}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id="branding-color"
          className="input"
          dir="ltr"
          placeholder="#2979ff"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid="global-branding-color"
        />
      </span>
    </div>
  );
}
