import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage, loginErrorMessage } from "../../api/errors";
import { PlaceholderInput } from "../../components/fields";
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
      <PlaceholderInput
        label={t("login.username")}
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        value={username}
        onChange={setUsername}
        autoFocus
      />
      <PlaceholderInput
        label={t("login.password")}
        name="password"
        type="password"
        autoComplete={isSignup ? "new-password" : "current-password"}
        value={password}
        onChange={setPassword}
      />
      {isSignup && (
        <PlaceholderInput
          label={t("login.passwordConfirm")}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          value={passwordConfirm}
          onChange={setPasswordConfirm}
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
