import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { SessionList } from "../sessions/SessionList";

/** On a user's page: their logins, and ending them all (admins). */
export function UserSessions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ["userSessions", userId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiCall("listUserSessions", { params: { id: userId }, signal }),
  });
  const endAll = useMutation({
    mutationFn: () => apiCall("endUserSessions", { params: { id: userId } }),
    onSuccess: async ({ ended }) => {
      showSuccess(t("settings.sessions.ended", { n: ended }));
      await client.invalidateQueries({ queryKey: key });
    },
    onError: handleError,
  });
  return (
    <section className="card" data-testid="user-sessions">
      <h2 className="card__title">{t("settings.sessions.title")}</h2>
      <div className="card__body">
        {query.data ? (
          <SessionList sessions={query.data} testId="user-sessions-list" />
        ) : (
          <p className="muted">{t("files.loading")}</p>
        )}
      </div>
      <div className="card__actions">
        <button
          type="button"
          className="button"
          disabled={!query.data?.some((s) => !s.current) || endAll.isPending}
          onClick={() => endAll.mutate()}
          data-testid="user-sessions-end"
        >
          {t("settings.sessions.endAll")}
        </button>
      </div>
    </section>
  );
}
