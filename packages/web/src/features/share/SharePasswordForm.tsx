import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

interface SharePasswordFormProps {
  /** The last password was refused (SPEC.md §8: wrong credentials). */
  wrong: boolean;
  busy: boolean;
  onSubmit: (password: string) => void;
}

/** The prompt of a password link (the server answered 401). */
export function SharePasswordForm({ wrong, busy, onSubmit }: SharePasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== "") onSubmit(password);
  };
  return (
    <form className="card share-password" onSubmit={submit} data-testid="share-password">
      <h1 className="card__title share-password__title">
        <Icon name="lock" size={22} />
        {t("sharePage.passwordTitle")}
      </h1>
      <div className="card__body">
        <p className="muted">{t("sharePage.passwordHint")}</p>
        <label className="field">
          <span className="field__label">{t("login.password")}</span>
          <input
            className={`input input--block${wrong ? " input--red" : ""}`}
            type="password"
            name="share-password"
            autoComplete="off"
            autoFocus
            required
            value={password}
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? "share-password-error" : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {wrong && (
          <p className="share-password__error" id="share-password-error" role="alert">
            {t("login.wrongCredentials")}
          </p>
        )}
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || password === ""}
          data-testid="share-password-submit"
        >
          {t("sharePage.unlock")}
        </button>
      </div>
    </form>
  );
}
