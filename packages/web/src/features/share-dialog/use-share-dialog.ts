import type { Share } from "@scriptorium/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import {
  ALL_SHARES_KEY,
  createShare,
  createShareBody,
  EMPTY_SHARE_FORM,
  fetchSharesOf,
  shareFormError,
  sharePath,
  sharesOfKey,
  type ShareTarget,
} from "../../api/share-api";
import { useDeleteShare } from "./use-delete-share";

/** What the dialog shows; "confirm" asks before deleting `deleting`. */
export type ShareDialogView = "list" | "create" | "confirm";

/**
 * The share dialog's state (SPEC.md §4): the item's links, the view (the list when it has
 * links, else the form of a new one), the form, the link being deleted, and the two actions.
 * Deleting the last link closes the dialog unless it opened on the list.
 */
export function useShareDialog(target: ShareTarget, close: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = sharePath(target);
  const links = useQuery({
    queryKey: sharesOfKey(path),
    queryFn: ({ signal }) => fetchSharesOf(path, signal),
    retry: false,
  });
  const removeShare = useDeleteShare();
  const [chosen, setChosen] = useState<ShareDialogView | null>(null);
  const [form, setForm] = useState(EMPTY_SHARE_FORM);
  const [deleting, setDeleting] = useState<Share | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Decided once, by what the first answer held (SPEC.md §4).
  const [openedOnList, setOpenedOnList] = useState<boolean | null>(null);

  const shares = links.data ?? [];
  if (links.isSuccess && openedOnList === null) setOpenedOnList(links.data.length > 0);
  const view: ShareDialogView | null =
    chosen ?? (links.isSuccess ? (shares.length > 0 ? "list" : "create") : null);

  const show = (next: ShareDialogView) => {
    setError(null);
    setChosen(next);
  };

  /** Runs `work` with the dialog busy; a failure is said in the dialog. */
  const busyWith = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const invalid = shareFormError(form);
    if (invalid) return setError(t(invalid));
    setError(null);
    await busyWith(async () => {
      const share = await createShare(path, createShareBody(form, target.isDir));
      queryClient.setQueryData<Share[]>(sharesOfKey(path), (old) => [...(old ?? []), share]);
      void queryClient.invalidateQueries({ queryKey: ALL_SHARES_KEY });
      setForm(EMPTY_SHARE_FORM);
      show("list");
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await busyWith(async () => {
      await removeShare(deleting);
      setDeleting(null);
      const left = shares.filter((share) => share.hash !== deleting.hash);
      if (left.length === 0 && !openedOnList) close();
      else show("list");
    });
  };

  const askDelete = (share: Share) => {
    setDeleting(share);
    show("confirm");
  };

  return {
    links,
    shares,
    view,
    show,
    form,
    setForm,
    deleting,
    askDelete,
    busy,
    error,
    submit,
    confirmDelete,
  };
}
