import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { useUser } from "../../../state/auth-store";
import { ALL_SHARES_KEY, fetchAllShares } from "../../../api/share-api";
import { SharesTable } from "./SharesTable";
import "./shares-page.css";

/**
 * /settings/shares (SPEC.md §2 Settings screens): the user's links with copy and delete;
 * admins get every user's links with the owner's name.
 */
export function SharesPage() {
  const { t } = useTranslation();
  const user = useUser();
  const query = useQuery({
    queryKey: ALL_SHARES_KEY,
    queryFn: ({ signal }) => fetchAllShares(signal),
    retry: false,
  });

  let content;
  if (query.isPending) {
    content = <p className="card__body muted">{t("files.loading")}</p>;
  } else if (query.isError) {
    content = (
      <p className="card__body share-error" role="alert" data-testid="shares-error">
        <Icon name="alert" size={20} /> {t("settings.shares.loadError")}
      </p>
    );
  } else if (query.data.length === 0) {
    content = (
      <p className="card__body muted" data-testid="shares-empty">
        {t("settings.shares.empty")}
      </p>
    );
  } else {
    const links = [...query.data].sort((a, b) => b.created - a.created);
    content = (
      <SharesTable shares={links} me={user?.id ?? 0} showOwner={Boolean(user?.perm.admin)} />
    );
  }

  return (
    <section className="card shares-page" data-testid="shares-page">
      <h2 className="card__title">{t("settings.shareManagement")}</h2>
      {content}
    </section>
  );
}
