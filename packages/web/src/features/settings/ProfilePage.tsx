import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../api/client";
import { isStatusError } from "../../api/errors";
import { useUser } from "../../state/auth-store";
import { ErrorView } from "../../components/ErrorView";
import { AppPasswordsCard } from "./app-passwords/AppPasswordsCard";
import { PasswordForm } from "./PasswordForm";
import { PreferencesForm } from "./PreferencesForm";
import { SessionsCard } from "./sessions/SessionsCard";

/**
 * /settings/profile: the user's preferences and password (SPEC.md §2 Settings screens), sessions
 * and app passwords (issue 32).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useUser();
  const id = me?.id ?? 0;
  const { data: user, error } = useQuery({
    queryKey: ["user", id],
    queryFn: ({ signal }) => apiCall("getUser", { params: { id }, signal }),
    enabled: id > 0,
  });

  if (error) return <ErrorView code={isStatusError(error) ? error.status : 500} />;
  if (!user) return <p className="muted">{t("files.loading")}</p>;
  return (
    <div className="profile" data-testid="profile-page">
      <PreferencesForm user={user} />
      {user.lockPassword ? (
        <section className="card">
          <h2 className="card__title">{t("settings.changePassword")}</h2>
          <p className="card__body muted">{t("settings.passwordLocked")}</p>
        </section>
      ) : (
        <PasswordForm />
      )}
      <SessionsCard />
      <AppPasswordsCard />
    </div>
  );
}
