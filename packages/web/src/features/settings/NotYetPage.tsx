import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

/** Placeholder for settings pages that later issues build (shares, global, users). */
export function NotYetPage() {
  const { t } = useTranslation();
  return (
    <section className="page-message card" data-testid="settings-not-yet">
      <Icon name="info" size={40} />
      <p>{t("settings.notYet")}</p>
    </section>
  );
}
