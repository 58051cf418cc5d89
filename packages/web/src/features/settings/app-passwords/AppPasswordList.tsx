import type { AppPassword } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";

/** A date and time in the page's language, e.g. "27 Nov 2026, 16:40". */
function when(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The user's app passwords, newest first: name, what it may do, when it was created and last
 * used, and a Revoke button named after it.
 */
export function AppPasswordList({
  passwords,
  onRevoke,
}: {
  passwords: AppPassword[];
  onRevoke: (password: AppPassword) => void;
}) {
  const { t, i18n } = useTranslation();
  if (passwords.length === 0) {
    return (
      <p className="muted" data-testid="app-passwords-none">
        {t("settings.appPasswords.none")}
      </p>
    );
  }
  return (
    <>
      <p className="muted app-passwords__count" data-testid="app-passwords-count">
        {t("settings.appPasswords.count", { count: passwords.length })}
      </p>
      <ul className="app-passwords__list" data-testid="app-passwords-list">
        {passwords.map((password) => (
          <li key={password.id} className="app-passwords__item" data-testid="app-passwords-item">
            <span className="app-passwords__name">
              <strong>{password.name}</strong>
              <span className="app-passwords__access" data-testid="app-passwords-access">
                {password.readOnly
                  ? t("settings.appPasswords.readOnly")
                  : t("settings.appPasswords.readWrite")}
              </span>
            </span>
            <span className="app-passwords__meta muted">
              <time dateTime={password.createdAt}>
                {t("settings.appPasswords.created", {
                  when: when(password.createdAt, i18n.language),
                })}
              </time>
              <span aria-hidden="true"> · </span>
              {password.lastUsedAt ? (
                <time dateTime={password.lastUsedAt} data-testid="app-passwords-last-used">
                  {t("settings.appPasswords.lastUsed", {
                    when: when(password.lastUsedAt, i18n.language),
                  })}
                </time>
              ) : (
                <span data-testid="app-passwords-last-used">
                  {t("settings.appPasswords.neverUsed")}
                </span>
              )}
            </span>
            <Button
              tone="flat"
              onClick={() => onRevoke(password)}
              aria-label={t("settings.appPasswords.revokeNamed", { name: password.name })}
              testId="app-passwords-revoke"
            >
              {t("settings.appPasswords.revoke")}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
