import { PERMISSIONS, type Perm, type Permission } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";

const LABELS: Record<Permission, ParseKeys> = {
  admin: "settings.users.perm.admin",
  execute: "settings.users.perm.execute",
  create: "settings.users.perm.create",
  rename: "settings.users.perm.rename",
  modify: "settings.users.perm.modify",
  delete: "settings.users.perm.delete",
  share: "settings.users.perm.share",
  download: "settings.users.perm.download",
  unzip: "settings.users.perm.unzip",
};

/**
 * The permission checkboxes of the user form and the user defaults. Ticking admin ticks and
 * disables every other one (SPEC.md §4); `onAdmin` lets the form clear lockPassword.
 */
export function PermissionsFields({
  value,
  onChange,
  testId = "perm",
}: {
  value: Perm;
  onChange: (perm: Perm) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const set = (name: Permission, on: boolean) => {
    if (name === "admin" && on) {
      onChange(Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as Perm);
    } else onChange({ ...value, [name]: on });
  };
  return (
    <fieldset className="field perms">
      <legend className="field__label">{t("settings.users.permissions")}</legend>
      {PERMISSIONS.map((name) => (
        <label key={name} className="checkbox">
          <input
            type="checkbox"
            checked={value[name]}
            disabled={name !== "admin" && value.admin}
            onChange={(e) => set(name, e.target.checked)}
            data-testid={`${testId}-${name}`}
          />
          <span>{t(LABELS[name])}</span>
        </label>
      ))}
    </fieldset>
  );
}
