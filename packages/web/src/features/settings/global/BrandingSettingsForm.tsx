import { THEMES, type Branding, type Theme } from "@scriptorium/shared";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

const THEME_LABELS = {
  "": "settings.themes.system",
  light: "settings.themes.light",
  dark: "settings.themes.dark",
} as const;

const HEX = /^#[0-9a-f]{6}$/i;

/** Product name, theme, colour, branding files and the two display switches (API.md §11). */
export function BrandingSettingsForm({
  initial,
  onSave,
  saving,
}: {
  initial: Branding;
  onSave: (branding: Branding) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const set = (fields: Partial<Branding>) => setForm((f) => ({ ...f, ...fields }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  return (
    <form className="card" onSubmit={submit} data-testid="global-branding-form">
      <h2 className="card__title">{t("globalSettings.branding")}</h2>
      <div className="card__body">
        <label className="field">
          <span className="field__label">{t("globalSettings.brandingName")}</span>
          <input
            className="input"
            placeholder="Scriptorium"
            maxLength={100}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="global-branding-name"
          />
        </label>
        <label className="field">
          <span className="field__label">{t("settings.theme")}</span>
          <select
            className="input"
            value={form.theme}
            onChange={(e) => set({ theme: e.target.value as Theme })}
            data-testid="global-branding-theme"
          >
            {THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(THEME_LABELS[theme])}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <label className="field__label" htmlFor="branding-color">
            {t("globalSettings.brandingColor")}
          </label>
          <span className="global-color">
            <input
              type="color"
              aria-label={t("globalSettings.brandingColor")}
              value={HEX.test(form.color) ? form.color : "#2979ff"}
              onChange={(e) => set({ color: e.target.value })}
            />
            <input
              id="branding-color"
              className="input"
              dir="ltr"
              placeholder="#2979ff"
              value={form.color}
              onChange={(e) => set({ color: e.target.value })}
              data-testid="global-branding-color"
            />
          </span>
        </div>
        <label className="field">
          <span className="field__label">{t("globalSettings.brandingFiles")}</span>
          <input
            className="input"
            dir="ltr"
            placeholder="/srv/branding"
            value={form.files}
            onChange={(e) => set({ files: e.target.value })}
            aria-describedby="branding-files-hint"
            data-testid="global-branding-files"
          />
          <span id="branding-files-hint" className="field__hint muted">
            {t("globalSettings.brandingFilesHint")}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t("globalSettings.reportUrl")}</span>
          <input
            className="input"
            dir="ltr"
            type="url"
            placeholder="https://example.org/issues/new"
            value={form.reportUrl ?? ""}
            onChange={(e) => set({ reportUrl: e.target.value })}
            aria-describedby="branding-report-hint"
            data-testid="global-branding-report"
          />
          <span id="branding-report-hint" className="field__hint muted">
            {t("globalSettings.reportUrlHint")}
          </span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.disableExternal}
            onChange={(e) => set({ disableExternal: e.target.checked })}
          />
          <span>{t("globalSettings.disableExternal")}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.disableUsedPercentage}
            onChange={(e) => set({ disableUsedPercentage: e.target.checked })}
          />
          <span>{t("globalSettings.disableUsedPercentage")}</span>
        </label>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          data-testid="global-branding-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
