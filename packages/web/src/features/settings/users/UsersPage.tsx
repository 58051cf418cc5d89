import { PERMISSIONS } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { apiCall } from "../../../api/client";
import { USERS_KEY } from "../../../api/users-api";
import { DataTableHead } from "../../../components/DataTable";
import { Icon } from "../../../components/Icon";
import "./users.css";

/** /settings/users (admin): every user, a link to each one's form, and New. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => apiCall("listUsers", { signal }),
  });

  return (
    <section className="card users" data-testid="users-page">
      <div className="card__title users__title">
        <h2>{t("settings.userManagement")}</h2>
        <Link to="/settings/users/new" className="button button--primary" data-testid="users-new">
          {t("settings.users.new")}
        </Link>
      </div>
      {query.isPending && <p className="card__body muted">{t("files.loading")}</p>}
      {query.isError && (
        <p className="card__body notice notice--danger" role="alert">
          {query.error.message}
        </p>
      )}
      {query.data && (
        <table className="users__table" data-testid="users-table">
          <DataTableHead
            labels={[
              t("settings.users.username"),
              t("settings.users.scope"),
              t("settings.users.perm.admin"),
              t("settings.users.permissions"),
            ]}
          />
          <tbody>
            {query.data.map((user) => (
              <tr
                key={user.id}
                className="users__row"
                onClick={() => void navigate(`/settings/users/${user.id}`)}
                data-testid="users-row"
              >
                <th scope="row" data-label={t("settings.users.username")}>
                  <Link to={`/settings/users/${user.id}`} onClick={(e) => e.stopPropagation()}>
                    {user.username}
                  </Link>
                </th>
                <td dir="ltr" data-label={t("settings.users.scope")}>
                  {user.scope}
                </td>
                <td data-label={t("settings.users.perm.admin")}>
                  {user.perm.admin ? (
                    <Icon name="check" label={t("settings.users.yes")} />
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td data-label={t("settings.users.permissions")}>
                  {PERMISSIONS.filter((p) => p !== "admin" && user.perm[p]).join(", ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
