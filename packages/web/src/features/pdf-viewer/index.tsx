import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { PdfViewerProps } from "../../slots/pdf";

// pdf.js loads with the first PDF shown, not with the app.
const Viewer = lazy(() => import("./PdfViewer"));

/** The PDF viewer as the slot takes it: pdf.js and the viewer's code load on first use. */
export function LazyPdfViewer(props: PdfViewerProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="pdf-viewer" data-testid="pdf-viewer">
          <p className="pdf-viewer__message" role="status" data-testid="pdf-loading">
            {t("pdfViewer.loading")}
          </p>
        </div>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
