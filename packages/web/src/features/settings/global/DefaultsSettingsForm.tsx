import {
  LOCALE_CODES,
  LOCALES,
  VIEW_MODES,
  type Settings,
  type ViewMode,
} from "@scriptorium/shared";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PermissionsFields } from "../users/PermissionsFields";

type Defaults = Settings["defaults"];

const VIEW_MODE_LABELS = {
  list: "settings.viewModes.list",
  mosaic: "settings.viewModes.mosaic",
  "mosaic gallery": "settings.viewModes.mosaicGallery",
} as const;

/**
 * What new users get (signup, the user form, `users add`): API.md Part B §8.4 `defaults`; their
 * shell commands are in the shell card.
 */
export function DefaultsSettingsForm({
  initial,
  onSave,
  saving,
}: {
  initial: Defaults;
  onSave: (defaults: Defaults) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const set = (fields: Partial<Defaults>) => setForm((f) => ({ ...f, ...fields }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };
  return (
    <form className="card" onSubmit={submit} data-testid="global-defaults-form">
      <h2 className="card__title">{t("globalSettings.defaults")}</h2>
      <div className="card__body">
        <p className="field__hint muted">{t("globalSettings.defaultsHelp")}</p>
        <label className="field">
          <span className="field__label">{t("settings.users.scope")}</span>
          <input
            className="input"
            dir="ltr"
            value={form.scope}
            onChange={(e) => set({ scope: e.target.value })}
            data-testid="global-default-scope"
          />
        </label>
        <label className="field">
          <span className="field__label">{t("settings.language")}</span>
          <select
            className="input"
            value={form.locale}
            onChange={(e) => set({ locale: e.target.value })}
          >
            {LOCALE_CODES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALES[code]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("settings.viewMode")}</span>
          <select
            className="input"
            value={form.viewMode}
            onChange={(e) => set({ viewMode: e.target.value as ViewMode })}
          >
            {VIEW_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(VIEW_MODE_LABELS[mode])}
              </option>
            ))}
          </select>
        </label>
        {(
          [
            ["singleClick", "settings.singleClick"],
            ["hideDotfiles", "settings.hideDotfiles"],
            ["dateFormat", "settings.setDateFormat"],
          ] as const
        ).map(([flag, label]) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              checked={form[flag]}
              onChange={(e) => set({ [flag]: e.target.checked })}
            />
            <span>{t(label)}</span>
          </label>
        ))}
        <PermissionsFields
          value={form.perm}
          onChange={(perm) => set({ perm })}
          testId="global-default-perm"
        />
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving}
          data-testid="global-defaults-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
