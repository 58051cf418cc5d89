import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import { Button } from "../../components/Button";
import { Modal } from "../../components/Modal";
import { isolatePath } from "../../lib/paths";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";
import { ShareCreateForm } from "./ShareCreateForm";
import { ShareDeleteQuestion } from "./ShareDeleteQuestion";
import { ShareLinkItem } from "./ShareLinkItem";
import { useShareDialog } from "./use-share-dialog";
import "./share-dialog.css";

type Dialog = ReturnType<typeof useShareDialog>;

/**
 * The share dialog (SPEC.md §4): the item's links when it has any, else the form of a new
 * one. "New link" opens the form, creating returns to the list, and deleting the last link
 * closes the dialog unless it opened on the list.
 */
export function ShareDialog({ spec, close }: PromptProps<SpecOf<"share">>) {
  const { t } = useTranslation();
  const dialog = useShareDialog(spec.target, close);
  const { view, shares, show } = dialog;
  const root = useRef<HTMLDivElement>(null);

  // A view that replaced the focused button (create, delete) hands the focus to the list's
  // first link, so that the keyboard stays inside the dialog.
  useEffect(() => {
    const element = root.current?.closest("dialog");
    const active = document.activeElement;
    if (view !== "list" || !element || (active !== element && element.contains(active))) return;
    (
      element.querySelector<HTMLElement>('[data-testid="share-copy"], .button--primary') ?? element
    ).focus();
  }, [view, shares.length]);

  return (
    <Modal
      title={t("share.title")}
      onClose={view === "confirm" ? () => show("list") : close}
      onSubmit={view === "create" ? () => void dialog.submit() : undefined}
      testId="prompt-share"
      footer={<ShareDialogFooter dialog={dialog} close={close} />}
    >
      <div ref={root} className="share-dialog" data-view={view ?? "loading"}>
        <p className="share-dialog__target muted">
          {t("share.linksOf", { name: isolatePath(spec.target.name || "/") })}
        </p>
        <ShareDialogBody dialog={dialog} isDir={spec.target.isDir} />
      </div>
    </Modal>
  );
}

/** The links, the new link's form or the delete question, and what went wrong. */
function ShareDialogBody({ dialog, isDir }: { dialog: Dialog; isDir: boolean }) {
  const { t } = useTranslation();
  const { links, shares, view, deleting, error } = dialog;
  return (
    <>
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
              <ShareLinkItem key={share.hash} share={share} onDelete={dialog.askDelete} />
            ))}
          </ul>
        ) : (
          <p className="muted" data-testid="share-no-links">
            {t("share.noLinks")}
          </p>
        ))}
      {view === "create" && (
        <ShareCreateForm form={dialog.form} onChange={dialog.setForm} isDir={isDir} />
      )}
      {view === "confirm" && deleting && <ShareDeleteQuestion share={deleting} />}
      {error && (
        <p className="share-error" role="alert" data-testid="share-error">
          {error}
        </p>
      )}
    </>
  );
}

/** Each view's buttons: create, confirm the deletion, or close and start a new link. */
function ShareDialogFooter({ dialog, close }: { dialog: Dialog; close: () => void }) {
  const { t } = useTranslation();
  const { view, show, busy } = dialog;
  const closeButton = (
    <Button tone="flat" onClick={close}>
      {t("buttons.close")}
    </Button>
  );
  if (view === "create") {
    return (
      <PromptFooter
        onCancel={dialog.shares.length > 0 ? () => show("list") : close}
        confirmLabel={t("share.createLink")}
        confirmDisabled={busy}
        confirmTestId="share-create"
      />
    );
  }
  if (view === "confirm") {
    return (
      <PromptFooter
        onCancel={() => show("list")}
        confirmLabel={t("buttons.delete")}
        onConfirm={() => void dialog.confirmDelete()}
        confirmDisabled={busy}
        tone="danger"
        confirmTestId="share-delete-confirm"
      />
    );
  }
  if (view !== "list") return closeButton;
  return (
    <>
      {closeButton}
      <Button tone="primary" testId="share-new" onClick={() => show("create")}>
        {t("share.newLink")}
      </Button>
    </>
  );
}
