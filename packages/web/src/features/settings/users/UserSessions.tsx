import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { SessionsSection } from "../sessions/SessionsSection";

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
    <SessionsSection
      testId="user-sessions"
      sessions={query.data}
      listTestId="user-sessions-list"
      action={{
        label: t("settings.sessions.endAll"),
        disabled: !query.data?.some((s) => !s.current) || endAll.isPending,
        onClick: () => endAll.mutate(),
        testId: "user-sessions-end",
      }}
    />
  );
}
