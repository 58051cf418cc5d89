import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
        onError: handleError,
      },
    );
  };

  return (
    <form className="card" onSubmit={submit} data-testid="password-form">
      <h2 className="card__title">{t("settings.changePassword")}</h2>
      <div className="card__body">
        {/* Lets password managers know whose password this is. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <input
          className="input input--block"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          placeholder={t("settings.currentPassword")}
          aria-label={t("settings.currentPassword")}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          data-testid="password-current"
        />
        <input
          className={`input input--block${state}`}
          type="password"
          name="password"
          autoComplete="new-password"
          placeholder={t("settings.newPassword")}
          aria-label={t("settings.newPassword")}
          aria-describedby="password-length"
          aria-invalid={password !== "" && tooShort}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="password-new"
        />
        <span
          id="password-length"
          className={`field__hint${password !== "" && tooShort ? " password-hint--bad" : " muted"}`}
          data-testid="password-length"
          data-ok={!tooShort}
        >
          {t("settings.passwordMinLength", { min: minimum, typed: length })}
        </span>
        <input
          className={`input input--block${state}`}
          type="password"
          name="passwordConfirm"
          autoComplete="new-password"
          placeholder={t("settings.newPasswordConfirm")}
          aria-label={t("settings.newPasswordConfirm")}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          data-testid="password-confirm"
        />
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={update.isPending || !ready}
          data-testid="password-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
