import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, type IconName } from "./Icon";

const ERRORS: Record<number, { icon: IconName; message: ParseKeys }> = {
  0: { icon: "cloudOff", message: "errors.connection" },
  403: { icon: "lock", message: "errors.forbidden" },
  404: { icon: "notFound", message: "errors.notFound" },
  500: { icon: "alert", message: "errors.internal" },
};

/** The error screens of SPEC.md §8; an unknown code falls back to 500. */
export function ErrorView({ code }: { code: number }) {
  const { t } = useTranslation();
  const known = Object.hasOwn(ERRORS, code) ? code : 500;
  const error = ERRORS[known] ?? { icon: "alert", message: "errors.internal" };
  return (
    <section className="page-message" data-testid={`error-${known}`}>
      <Icon name={error.icon} size={64} className="page-message__icon" />
      <h1 className="page-message__title">{t(error.message)}</h1>
      <Link to="/files/" className="button button--flat">
        {t("errors.goHome")}
      </Link>
    </section>
  );
}
