import type { Version } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { historyKey, labelVersion, restoreVersion } from "../../api/history-api";
import { resourceKey } from "../../api/resource-api";
import { handleError } from "../../state/handle-error";
import { showSuccess } from "../../state/toast-store";

/**
 * What can be done to a version of `path`: restore it (the file's content goes back to it; what
 * it replaces becomes a new version) and name it. Each reloads the history; a restore also
 * reloads the file (the editor shows the restored text unless it has unsaved changes) and the
 * listings (size, time).
 */
export function useVersionActions(path: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reloadHistory = () => queryClient.invalidateQueries({ queryKey: historyKey(path) });

  const restore = (version: Version): Promise<void> =>
    restoreVersion(path, version.id)
      .then(() => {
        showSuccess(t("history.restored"));
        return Promise.all([
          reloadHistory(),
          queryClient.invalidateQueries({ queryKey: resourceKey(path) }),
          queryClient.invalidateQueries({ queryKey: ["resource"] }),
        ]);
      })
      .then(() => undefined)
      .catch(handleError);

  /** Answers whether the label was saved. */
  const saveLabel = (version: Version, label: string): Promise<boolean> =>
    labelVersion(path, version.id, label.trim())
      .then(() => {
        showSuccess(t(label.trim() === "" ? "history.labelRemoved" : "history.labelSaved"));
        void reloadHistory();
        return true;
      })
      .catch((err: unknown) => {
        handleError(err);
        return false;
      });

  return { restore, saveLabel };
}
