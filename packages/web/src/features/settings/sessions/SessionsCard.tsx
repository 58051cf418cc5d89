import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { SessionsSection } from "./SessionsSection";

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
    <SessionsSection
      testId="sessions-card"
      sessions={query.data}
      listTestId="sessions"
      onEnd={(s) => endOne.mutate(s.id)}
      action={{
        label: t("settings.sessions.endOthers"),
        disabled: others === 0 || endOthers.isPending,
        onClick: () => endOthers.mutate(),
        testId: "sessions-end-others",
      }}
    />
  );
}
