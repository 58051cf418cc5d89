import type { Share } from "@scriptorium/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import { Modal } from "../../components/Modal";
import { isolatePath } from "../../lib/paths";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";
import {
  ALL_SHARES_KEY,
  createShare,
  createShareBody,
  EMPTY_SHARE_FORM,
  fetchSharesOf,
  shareFormError,
  sharePath,
  sharesOfKey,
} from "../../api/share-api";
import { ShareCreateForm } from "./ShareCreateForm";
import { ShareDeleteQuestion } from "./ShareDeleteQuestion";
import { ShareLinkItem } from "./ShareLinkItem";
import { useDeleteShare } from "./use-delete-share";
import "./share-dialog.css";

/** What the dialog shows; "confirm" asks before deleting `deleting`. */
type View = "list" | "create" | "confirm";

/**
 * The share dialog (SPEC.md §4): the item's links when it has any, else the form of a new
 * one. "New link" opens the form, creating returns to the list, and deleting the last link
 * closes the dialog unless it opened on the list.
 */
export function ShareDialog({ spec, close }: PromptProps<SpecOf<"share">>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = sharePath(spec.target);
  const links = useQuery({
    queryKey: sharesOfKey(path),
    queryFn: ({ signal }) => fetchSharesOf(path, signal),
    retry: false,
  });
  const removeShare = useDeleteShare();
  const [chosen, setChosen] = useState<View | null>(null);
  const [form, setForm] = useState(EMPTY_SHARE_FORM);
  const [deleting, setDeleting] = useState<Share | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Decided once, by what the first answer held (SPEC.md §4).
  const [openedOnList, setOpenedOnList] = useState<boolean | null>(null);

  const root = useRef<HTMLDivElement>(null);
  const shares = links.data ?? [];
  if (links.isSuccess && openedOnList === null) setOpenedOnList(links.data.length > 0);
  const view: View | null =
    chosen ?? (links.isSuccess ? (shares.length > 0 ? "list" : "create") : null);

  // A view that replaced the focused button (create, delete) hands the focus to the list's
  // first link, so that the keyboard stays inside the dialog.
  useEffect(() => {
    const dialog = root.current?.closest("dialog");
    const active = document.activeElement;
    if (view !== "list" || !dialog || (active !== dialog && dialog.contains(active))) return;
    (
      dialog.querySelector<HTMLElement>('[data-testid="share-copy"], .button--primary') ?? dialog
    ).focus();
  }, [view, shares.length]);

  const show = (next: View) => {
    setError(null);
    setChosen(next);
  };

  const submit = async () => {
    const invalid = shareFormError(form);
    if (invalid) return setError(t(invalid));
    setBusy(true);
    setError(null);
    try {
      const share = await createShare(path, createShareBody(form, spec.target.isDir));
      queryClient.setQueryData<Share[]>(sharesOfKey(path), (old) => [...(old ?? []), share]);
      void queryClient.invalidateQueries({ queryKey: ALL_SHARES_KEY });
      setForm(EMPTY_SHARE_FORM);
      show("list");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await removeShare(deleting);
      setDeleting(null);
      const left = shares.filter((share) => share.hash !== deleting.hash);
      if (left.length === 0 && !openedOnList) close();
      else show("list");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const askDelete = (share: Share) => {
    setDeleting(share);
    show("confirm");
  };

  const footer = (() => {
    switch (view) {
      case "create":
        return (
          <PromptFooter
            onCancel={shares.length > 0 ? () => show("list") : close}
            confirmLabel={t("share.createLink")}
            confirmDisabled={busy}
            confirmTestId="share-create"
          />
        );
      case "confirm":
        return (
          <PromptFooter
            onCancel={() => show("list")}
            confirmLabel={t("buttons.delete")}
            onConfirm={() => void confirmDelete()}
            confirmDisabled={busy}
            tone="danger"
            confirmTestId="share-delete-confirm"
          />
        );
      case "list":
        return (
          <>
            <button type="button" className="button button--flat" onClick={close}>
              {t("buttons.close")}
            </button>
            <button
              type="button"
              className="button button--primary"
              data-testid="share-new"
              onClick={() => show("create")}
            >
              {t("share.newLink")}
            </button>
          </>
        );
      default:
        return (
          <button type="button" className="button button--flat" onClick={close}>
            {t("buttons.close")}
          </button>
        );
    }
  })();

  return (
    <Modal
      title={t("share.title")}
      onClose={view === "confirm" ? () => show("list") : close}
      onSubmit={view === "create" ? () => void submit() : undefined}
      testId="prompt-share"
      footer={footer}
    >
      <div ref={root} className="share-dialog" data-view={view ?? "loading"}>
        <p className="share-dialog__target muted">
          {t("share.linksOf", { name: isolatePath(spec.target.name || "/") })}
        </p>
        {links.isPending && <p className="muted">{t("files.loading")}</p>}
        {links.isError && (
          <p className="share-error" role="alert">
            {errorMessage(links.error)}
          </p>
        )}
        {view === "list" &&
          (shares.length > 0 ? (
            <ul className="share-links" data-testid="share-links">
              {shares.map((share) => (
                <ShareLinkItem key={share.hash} share={share} onDelete={askDelete} />
              ))}
            </ul>
          ) : (
            <p className="muted" data-testid="share-no-links">
              {t("share.noLinks")}
            </p>
          ))}
        {view === "create" && (
          <ShareCreateForm form={form} onChange={setForm} isDir={spec.target.isDir} />
        )}
        {view === "confirm" && deleting && <ShareDeleteQuestion share={deleting} />}
        {error && (
          <p className="share-error" role="alert" data-testid="share-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
