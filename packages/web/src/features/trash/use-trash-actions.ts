import type { TrashItem } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { TRASH_KEY, deleteTrashItem, emptyTrash, restoreTrashItem } from "../../api/trash-api";
import { encodePath, isolatePath, parentFolder } from "../../lib/paths";
import { showPrompt } from "../../prompts";
import { handleError } from "../../state/handle-error";
import { showSuccess } from "../../state/toast-store";

/**
 * What the trash page does to its items: restore (a toast says where it landed, with a link to
 * that folder), delete for ever and empty, the last two after a confirmation. Each reloads the
 * list; the listing's folders reload as well, since a restore puts files back in them.
 */
export function useTrashActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TRASH_KEY }),
      queryClient.invalidateQueries({ queryKey: ["resource"] }),
    ]);

  const restore = (item: TrashItem) =>
    restoreTrashItem(item.id)
      .then(({ path }) => {
        const folder = parentFolder(path);
        showSuccess(t("trash.restored", { path: isolatePath(path) }), {
          label: t("trash.openFolder"),
          to: `/files${encodePath(folder)}`,
        });
      })
      .catch(handleError)
      .finally(() => void reload());

  const deleteForever = (item: TrashItem) =>
    showPrompt({
      name: "confirm",
      title: t("trash.deleteForever"),
      message: t("trash.deleteForeverMessage", { name: item.name }),
      confirmLabel: t("trash.deleteForever"),
      onConfirm: () => {
        deleteTrashItem(item.id)
          .then(() => showSuccess(t("trash.deletedForever")))
          .catch(handleError)
          .finally(() => void reload());
      },
    });

  const empty = () =>
    showPrompt({
      name: "confirm",
      title: t("trash.empty"),
      message: t("trash.emptyMessage"),
      confirmLabel: t("trash.empty"),
      onConfirm: () => {
        emptyTrash()
          .then(() => showSuccess(t("trash.emptied")))
          .catch(handleError)
          .finally(() => void reload());
      },
    });

  return { restore, deleteForever, empty };
}
