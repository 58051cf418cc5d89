import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage, loginErrorMessage } from "../../api/errors";
import { getGlobals } from "../../lib/globals";
import { safeRedirectTarget } from "../../lib/paths";
import { showPrompt } from "../../prompts";
import { Recaptcha, type RecaptchaHandle } from "./Recaptcha";
import { login, signup } from "./session";

type Mode = "login" | "signup";

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const globals = getGlobals();
  const startInSignup = Boolean((location.state as { signup?: boolean } | null)?.signup);
  const [mode, setMode] = useState<Mode>(globals.Signup && startInSignup ? "signup" : "login");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [passwordConfirm, setPasswordConfirm] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const captcha = useRef<RecaptchaHandle>(null);
  const isSignup = mode === "signup";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    let recaptcha = "";
    if (globals.ReCaptcha) {
      recaptcha = captcha.current?.response() ?? "";
      if (!recaptcha) return setError(t("login.wrongCredentials"));
    }
    if (isSignup && password !== passwordConfirm) return setError(t("login.passwordsDontMatch"));

    setBusy(true);
    try {
      if (isSignup) await signup(username, password);
      await login(username, password, recaptcha);
      void navigate(safeRedirectTarget(params.get("redirect")), { replace: true });
    } catch (err) {
      captcha.current?.reset();
      const inline = loginErrorMessage(err);
      if (inline) setError(inline);
      else showPrompt({ name: "error", message: errorMessage(err) });
      setBusy(false);
    }
  };

  const toggle = () => {
    setMode(isSignup ? "login" : "signup");
    setError("");
    setPasswordConfirm("");
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="login-form">
      {error && (
        <div className="wrong" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      <input
        className="input input--block"
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t("login.username")}
        aria-label={t("login.username")}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoFocus
      />
      <input
        className="input input--block"
        name="password"
        type="password"
        autoComplete={isSignup ? "new-password" : "current-password"}
        placeholder={t("login.password")}
        aria-label={t("login.password")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {isSignup && (
        <input
          className="input input--block"
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          placeholder={t("login.passwordConfirm")}
          aria-label={t("login.passwordConfirm")}
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(e.target.value)}
        />
      )}
      {globals.ReCaptcha && <Recaptcha ref={captcha} />}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy}
        data-testid="login-submit"
      >
        {t(isSignup ? "buttons.signup" : "buttons.login")}
      </button>
      {globals.Signup && (
        <button type="button" className="login-toggle" onClick={toggle} data-testid="login-toggle">
          {t(isSignup ? "login.loginInstead" : "login.createAnAccount")}
        </button>
      )}
    </form>
  );
}
