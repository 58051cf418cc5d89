import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";

/** /share/*: the public share page is a later issue; say so instead of pretending. */
export function SharePage() {
  const { t } = useTranslation();
  return (
    <section className="page-message card" data-testid="share-page">
      <Icon name="link" size={48} />
      <p>{t("share.notAvailable")}</p>
    </section>
  );
}
