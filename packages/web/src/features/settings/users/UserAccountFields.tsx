import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, TextField } from "../../../components/fields";
import { FolderPicker } from "../../../components/folder-picker/FolderPicker";
import type { UserDraft } from "./users-api";

interface AccountProps {
  user: UserDraft;
  patch: (fields: Partial<UserDraft>) => void;
  isNew: boolean;
  adminPassword: string;
  setAdminPassword: (password: string) => void;
}

/** Name and password; changing another user's password asks for the admin's own. */
export function UserAccountFields({
  user,
  patch,
  isNew,
  adminPassword,
  setAdminPassword,
}: AccountProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("settings.users.username")}
        autoComplete="off"
        required
        value={user.username}
        onChange={(username) => patch({ username })}
        testId="user-username"
      />
      <TextField
        label={t("settings.users.password")}
        type="password"
        autoComplete="new-password"
        required={isNew}
        value={user.password}
        onChange={(password) => patch({ password })}
        hint={isNew ? t("settings.users.passwordNewHint") : t("settings.users.passwordKeepHint")}
        testId="user-password"
      />
      {!isNew && user.password !== "" && (
        <TextField
          label={t("settings.users.adminPassword")}
          type="password"
          autoComplete="current-password"
          required
          value={adminPassword}
          onChange={setAdminPassword}
          testId="user-admin-password"
        />
      )}
    </>
  );
}

interface ScopeProps {
  scope: string;
  onChange: (scope: string) => void;
  /** Whether the new user gets a home folder (then the server picks the scope). */
  home: boolean;
  /** Null for an existing user, who has no home folder to create. */
  onHome: ((home: boolean) => void) | null;
}

/** The scope: typed, or picked in the folder tree; a new user may get a home folder instead. */
export function UserScopeField({ scope, onChange, home, onHome }: ScopeProps) {
  const { t } = useTranslation();
  const [browsing, setBrowsing] = useState(false);
  return (
    <>
      {onHome && (
        <CheckboxField
          label={t("settings.users.createHome")}
          checked={home}
          onChange={onHome}
          testId="user-home"
        />
      )}
      <TextField
        label={t("settings.users.scope")}
        code
        disabled={home}
        value={home ? "" : scope}
        onChange={onChange}
        hint={t("settings.users.scopeHint")}
        testId="user-scope"
      />
      {!home && (
        <button
          type="button"
          className="button user-form__browse"
          aria-expanded={browsing}
          onClick={() => setBrowsing((b) => !b)}
          data-testid="user-scope-browse"
        >
          {t("settings.users.browse")}
        </button>
      )}
      {!home && browsing && (
        <div className="user-form__picker" data-testid="user-scope-picker">
          <FolderPicker
            initialPath={scope.startsWith("/") ? scope : "/"}
            onChange={(folder) => onChange(folder.replace(/(.)\/+$/, "$1"))}
          />
        </div>
      )}
    </>
  );
}
