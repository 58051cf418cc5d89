import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlaceholderInput } from "../../components/fields";
import { SettingsCard } from "../../components/SettingsCard";
import { getGlobals } from "../../lib/globals";
import { useUser } from "../../state/auth-store";
import { showSuccess } from "../../state/toast-store";
import { useUpdateOwnUser } from "./use-update-user";

/** Green when both fields agree, red when they differ, plain while both are empty. */
function matchClass(password: string, confirm: string): string {
  if (password === "" && confirm === "") return "";
  return password === confirm ? " input--green" : " input--red";
}

/** Change-password card (hidden by the profile page when lockPassword is set). */
export function PasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateOwnUser();
  const username = useUser()?.username ?? "";
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const state = matchClass(password, confirm);
  const minimum = getGlobals().MinimumPasswordLength ?? 12;
  const length = [...password].length;
  const tooShort = length < minimum;
  const ready = !tooShort && password === confirm && current !== "";

  const submit = () => {
    // SPEC.md §5: unequal or empty fields are silently ignored; the server checks the current one.
    if (password === "" || password !== confirm || tooShort) return;
    update.mutate(
      { which: ["password"], data: { password }, currentPassword: current },
      {
        onSuccess: () => {
          setCurrent("");
          setPassword("");
          setConfirm("");
          showSuccess(t("success.passwordUpdated"));
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t("settings.changePassword")}
      testId="password"
      onSubmit={submit}
      submitDisabled={update.isPending || !ready}
    >
      {/* Lets password managers know whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PlaceholderInput
        label={t("settings.currentPassword")}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        testId="password-current"
      />
      <PlaceholderInput
        label={t("settings.newPassword")}
        state={state}
        type="password"
        name="password"
        autoComplete="new-password"
        aria-describedby="password-length"
        aria-invalid={password !== "" && tooShort}
        value={password}
        onChange={setPassword}
        testId="password-new"
      />
      <span
        id="password-length"
        className={`field__hint${password !== "" && tooShort ? " password-hint--bad" : " muted"}`}
        data-testid="password-length"
        data-ok={!tooShort}
      >
        {t("settings.passwordMinLength", { min: minimum, typed: length })}
      </span>
      <PlaceholderInput
        label={t("settings.newPasswordConfirm")}
        state={state}
        type="password"
        name="passwordConfirm"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        testId="password-confirm"
      />
    </SettingsCard>
  );
}
