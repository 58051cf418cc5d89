import type { SyncTexSource } from "@scriptorium/shared";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { sourceAt } from "../../api/synctex-api";
import { StatusError } from "../../api/errors";
import { useToastStore } from "../../state/toast-store";

/**
 * A double-click on a page (what Overleaf's users expect; a single click stays for selecting
 * text) asks SyncTeX for the source line there and hands it to `onSource`.
 */
export function useSynctexClick(
  pdf: string,
  scale: number,
  onSource: ((source: SyncTexSource) => void) | undefined,
) {
  const { t } = useTranslation();
  return useCallback(
    (event: React.MouseEvent) => {
      if (!onSource) return;
      const element = (event.target as HTMLElement).closest<HTMLElement>("[data-pdf-page]");
      if (!element) return;
      const page = Number(element.dataset.pdfPage);
      const rect = element.getBoundingClientRect();
      const x = (event.clientX - rect.left) / scale;
      const y = (event.clientY - rect.top) / scale;
      sourceAt(pdf, { page, x, y }).then(onSource, (err: unknown) => {
        const missing = err instanceof StatusError && err.status === 404;
        useToastStore
          .getState()
          .show(
            missing ? "info" : "error",
            missing ? t("pdfViewer.noSource") : t("pdfViewer.syncFailed"),
          );
      });
    },
    [pdf, scale, onSource, t],
  );
}
