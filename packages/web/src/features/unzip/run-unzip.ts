import type { QueryClient } from "@tanstack/react-query";
import { trackAction } from "../../actions/action-status";
import { isStatusError } from "../../api/errors";
import { handleError } from "../../state/handle-error";
import i18n from "../../i18n";
import { resourceKey } from "../../api/resource-api";
import { isolatePath } from "../../lib/paths";
import { showPrompt } from "../../prompts";
import { showSuccess } from "../../state/toast-store";
import { extractArchive } from "./unzip";

/**
 * Extracts `archive` into `folder` (SPEC.md §2, §5): the unzip button spins meanwhile; names
 * in the archive are not known here, so the server finds conflicts (409) and we then ask
 * whether to overwrite and send it again with override=true. The destination's listing reloads
 * (the listing on screen, when it is that folder); failures are shown.
 */
export async function runUnzip(
  archive: { path: string; name: string },
  folder: string,
  queryClient: QueryClient,
  override = false,
): Promise<void> {
  try {
    await trackAction("unzip", extractArchive(archive.path, folder, archive.name, override));
  } catch (err) {
    if (!override && isStatusError(err, 409)) {
      showPrompt({
        name: "confirm",
        title: i18n.t("unzip.conflictTitle"),
        message: i18n.t("unzip.conflictMessage", { folder: isolatePath(folder) }),
        confirmLabel: i18n.t("unzip.overwrite"),
        onConfirm: () => void runUnzip(archive, folder, queryClient, true),
      });
      return;
    }
    handleError(err);
    return;
  }
  await queryClient.invalidateQueries({ queryKey: resourceKey(folder) });
  showSuccess(i18n.t("unzip.done", { folder: isolatePath(folder) }));
}
