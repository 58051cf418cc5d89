import { useTranslation } from "react-i18next";
import { staticUrl, useGlobals } from "../../lib/globals";
import { LoginForm } from "./LoginForm";
import { ProductDescription } from "./ProductDescription";
import "./login.css";

/**
 * The login / signup screen (SPEC.md §2) with the app's own version and, below, what the admin
 * wrote for it in the visitor's language (issue 31, which replaces SPEC.md's fixed Italian
 * text and "4.0410" label).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { Name, Version } = useGlobals();
  return (
    <main className="login" data-testid="login-page">
      <div className="login-card">
        <img className="login-card__logo" src={staticUrl("img/logo.svg")} alt="" />
        <h1 className="login-card__name">{Name}</h1>
        <LoginForm />
        <p className="login-card__version" data-testid="login-version">
          {t("login.version", { version: Version })}
        </p>
      </div>
      <ProductDescription />
    </main>
  );
}
