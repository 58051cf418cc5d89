import type { Share } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { showSuccess } from "../../state/toast-store";
import { ALL_SHARES_KEY, deleteShare } from "../../api/share-api";

/**
 * Deletes a link, says so ("Share deleted!", SPEC.md §8) and drops it from every cached list
 * (the dialog's and the settings page's) before they reload. Rejects with the server's error.
 */
export function useDeleteShare(): (share: Share) => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (share: Share) => {
      await deleteShare(share.hash);
      queryClient.setQueriesData<Share[]>({ queryKey: ALL_SHARES_KEY }, (old) =>
        Array.isArray(old) ? old.filter((link) => link.hash !== share.hash) : old,
      );
      void queryClient.invalidateQueries({ queryKey: ALL_SHARES_KEY });
      showSuccess(t("success.shareDeleted"));
    },
    [queryClient, t],
  );
}
