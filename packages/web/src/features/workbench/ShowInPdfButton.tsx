import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusError } from "../../api/errors";
import { placesOf } from "../../api/synctex-api";
import { IconButton } from "../../components/IconButton";
import { handleError } from "../../state/handle-error";
import { useToastStore } from "../../state/toast-store";
import type { EditedFile } from "../../slots/editor";
import { useWorkbenchStore } from "./workbench-store";

/**
 * "Show in PDF" in the editor's bar (a source whose last compile made a PDF): SyncTeX's forward
 * search from the cursor's line; the pane scrolls to the place and flashes it.
 */
export function ShowInPdfButton({ file, pdf }: { file: EditedFile; pdf: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const line = file.cursorLine?.() ?? 1;
    setBusy(true);
    try {
      const boxes = await placesOf(pdf, file.path, line);
      const store = useWorkbenchStore.getState();
      if (boxes.length === 0) throw new StatusError("", 404);
      if (store.paneHidden) store.setPaneHidden(false);
      store.reveal(file.path, pdf, boxes);
    } catch (err) {
      if (err instanceof StatusError && err.status === 404)
        useToastStore.getState().show("info", t("workbench.notInPdf"));
      else handleError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <IconButton
      icon="filePdf"
      label={t("workbench.showInPdf")}
      testId="workbench-show-in-pdf"
      disabled={busy}
      onClick={() => void onClick()}
    />
  );
}
