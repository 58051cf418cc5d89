import { LOCALE_CODES, LOCALES, VIEW_MODES, type User, type ViewMode } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField } from "../../components/fields";

/** What a user chooses about their own view, and what new users get from the defaults. */
export type ViewPrefs = Pick<
  User,
  "locale" | "viewMode" | "singleClick" | "hideDotfiles" | "dateFormat"
>;

const VIEW_MODE_LABELS: Record<ViewMode, ParseKeys> = {
  list: "settings.viewModes.list",
  mosaic: "settings.viewModes.mosaic",
  "mosaic gallery": "settings.viewModes.mosaicGallery",
};

const FLAGS: ReadonlyArray<["singleClick" | "hideDotfiles" | "dateFormat", ParseKeys]> = [
  ["singleClick", "settings.singleClick"],
  ["hideDotfiles", "settings.hideDotfiles"],
  ["dateFormat", "settings.setDateFormat"],
];

const LOCALE_OPTIONS = LOCALE_CODES.map((code) => ({
  value: code,
  label: LOCALES[code],
  lang: code,
}));

/**
 * Language, view mode and the listing switches: the same fields in the user's preferences, the
 * user form and the global user defaults.
 */
export function UserDefaultsFields({
  value,
  onChange,
  localeTestId,
}: {
  value: ViewPrefs;
  onChange: (fields: Partial<ViewPrefs>) => void;
  localeTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t("settings.language")}
        name="locale"
        value={value.locale}
        onChange={(locale) => onChange({ locale })}
        options={LOCALE_OPTIONS}
        testId={localeTestId}
      />
      <SelectField
        label={t("settings.viewMode")}
        name="viewMode"
        value={value.viewMode}
        onChange={(mode) => onChange({ viewMode: mode as ViewMode })}
        options={VIEW_MODES.map((mode) => ({ value: mode, label: t(VIEW_MODE_LABELS[mode]) }))}
      />
      {FLAGS.map(([flag, label]) => (
        <CheckboxField
          key={flag}
          label={t(label)}
          name={flag}
          checked={value[flag]}
          onChange={(on) => onChange({ [flag]: on })}
        />
      ))}
    </>
  );
}
