import { LOGIN_VERSION_LABEL } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { getGlobals, staticUrl } from "../../lib/globals";
import { LoginForm } from "./LoginForm";
import { ProductDescription } from "./ProductDescription";
import "./login.css";

/** The login / signup screen (SPEC.md §2) with the product's Italian presentation below. */
export function LoginPage() {
  const { t } = useTranslation();
  const { Name } = getGlobals();
  return (
    <main className="login" data-testid="login-page">
      <div className="login-card">
        <img className="login-card__logo" src={staticUrl("img/logo.svg")} alt="" />
        <h1 className="login-card__name">{Name}</h1>
        <LoginForm />
        <p className="login-card__version" data-testid="login-version">
          {t("login.version", { version: LOGIN_VERSION_LABEL })}
        </p>
      </div>
      <ProductDescription />
    </main>
  );
}
