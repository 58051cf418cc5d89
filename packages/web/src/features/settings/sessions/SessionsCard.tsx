import type { SessionInfo } from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { StatusError } from "../../../api/errors";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { SessionsSection } from "./SessionsSection";

const KEY = ["sessions"] as const;

/** Ends one session; one already gone (404) is as good as ended. */
async function endSession(sid: string): Promise<void> {
  try {
    await apiCall("endSession", { params: { sid } });
  } catch (err) {
    if (!(err instanceof StatusError && err.status === 404)) throw err;
  }
}

/** The profile's Sessions card: one's logins by device, ending a device's or every other one. */
export function SessionsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall("listSessions", { signal }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  // A group's sessions end one by one through the route clients already use (session-groups.ts).
  const endSome = useMutation({
    mutationFn: async (sessions: SessionInfo[]) => {
      await Promise.all(sessions.map((s) => endSession(s.id)));
      return sessions.length;
    },
    onSuccess: async (ended) => {
      showSuccess(t("settings.sessions.ended", { n: ended }));
      await refresh();
    },
    onError: async (err) => {
      handleError(err);
      await refresh();
    },
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
      onEnd={(sessions) => endSome.mutate(sessions)}
      action={{
        label: t("settings.sessions.endOthers"),
        disabled: others === 0 || endOthers.isPending,
        onClick: () => endOthers.mutate(),
        testId: "sessions-end-others",
      }}
    />
  );
}
