import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ListQueryView } from "../../../components/ListQueryView";
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

  return (
    <section className="card shares-page" data-testid="shares-page">
      <h2 className="card__title">{t("settings.shareManagement")}</h2>
      <ListQueryView
        query={query}
        error={{
          text: t("settings.shares.loadError"),
          className: "share-error",
          testId: "shares-error",
        }}
        empty={{ text: t("settings.shares.empty"), testId: "shares-empty" }}
      >
        {(shares) => (
          <SharesTable
            shares={[...shares].sort((a, b) => b.created - a.created)}
            me={user?.id ?? 0}
            showOwner={Boolean(user?.perm.admin)}
          />
        )}
      </ListQueryView>
    </section>
  );
}
