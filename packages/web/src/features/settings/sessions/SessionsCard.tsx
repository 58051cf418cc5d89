import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { SessionList } from "./SessionList";

const KEY = ["sessions"] as const;

/** The profile's Sessions card: one's logins, ending one or every other one. */
export function SessionsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall("listSessions", { signal }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const endOne = useMutation({
    mutationFn: (sid: string) => apiCall("endSession", { params: { sid } }),
    onSuccess: refresh,
    onError: handleError,
  });
  const endOthers = useMutation({
    mutationFn: () => apiCall("endOtherSessions"),
    onSuccess: async ({ ended }) => {
      showSuccess(t("settings.sessions.ended", { n: ended }));
      await refresh();
    },
    onError: handleError,
  });
  const others = (query.data ?? []).filter((s) => !s.current).length;
  return (
    <section className="card" data-testid="sessions-card">
      <h2 className="card__title">{t("settings.sessions.title")}</h2>
      <div className="card__body">
        {query.data ? (
          <SessionList sessions={query.data} onEnd={(s) => endOne.mutate(s.id)} testId="sessions" />
        ) : (
          <p className="muted">{t("files.loading")}</p>
        )}
      </div>
      <div className="card__actions">
        <button
          type="button"
          className="button"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
          data-testid="sessions-end-others"
        >
          {t("settings.sessions.endOthers")}
        </button>
      </div>
    </section>
  );
}
