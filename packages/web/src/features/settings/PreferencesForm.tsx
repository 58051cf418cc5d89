import { LOCALE_CODES, LOCALES, VIEW_MODES, type User, type ViewMode } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import i18n, { applyLocale, normalizeLocale } from "../../i18n";
import { useAuthStore } from "../../state/auth-store";
import { showSuccess } from "../../state/toast-store";
import { useUpdateOwnUser } from "./use-update-user";

const VIEW_MODE_LABELS: Record<ViewMode, ParseKeys> = {
  list: "settings.viewModes.list",
  mosaic: "settings.viewModes.mosaic",
  "mosaic gallery": "settings.viewModes.mosaicGallery",
};

type Flag = "hideDotfiles" | "singleClick" | "dateFormat";
const FLAGS: ReadonlyArray<[Flag, ParseKeys]> = [
  ["hideDotfiles", "settings.hideDotfiles"],
  ["singleClick", "settings.singleClick"],
  ["dateFormat", "settings.setDateFormat"],
];

/** Language, view mode and listing preferences, saved together with one PUT. */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateOwnUser();
  const [form, setForm] = useState({
    locale: normalizeLocale(user.locale),
    viewMode: user.viewMode,
    hideDotfiles: user.hideDotfiles,
    singleClick: user.singleClick,
    dateFormat: user.dateFormat,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { which: ["locale", "hideDotfiles", "singleClick", "dateFormat", "viewMode"], data: form },
      {
        onSuccess: () => {
          useAuthStore.getState().patchUser(form);
          // Said in the new language, once its words are loaded.
          void applyLocale(form.locale).then(() => showSuccess(i18n.t("success.settingsUpdated")));
        },
        onError: handleError,
      },
    );
  };

  return (
    <form className="card" onSubmit={submit} data-testid="preferences-form">
      <h2 className="card__title">{t("settings.profileSettings")}</h2>
      <div className="card__body">
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              name={flag}
              checked={form[flag]}
              onChange={(e) => setForm({ ...form, [flag]: e.target.checked })}
            />
            <span>{t(label)}</span>
          </label>
        ))}
        <label className="field">
          <span className="field__label">{t("settings.viewMode")}</span>
          <select
            className="input"
            name="viewMode"
            value={form.viewMode}
            onChange={(e) => setForm({ ...form, viewMode: e.target.value as ViewMode })}
          >
            {VIEW_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(VIEW_MODE_LABELS[mode])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("settings.language")}</span>
          <select
            className="input"
            name="locale"
            data-testid="locale-select"
            value={form.locale}
            onChange={(e) => setForm({ ...form, locale: normalizeLocale(e.target.value) })}
          >
            {LOCALE_CODES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALES[code]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={update.isPending}
          data-testid="preferences-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
