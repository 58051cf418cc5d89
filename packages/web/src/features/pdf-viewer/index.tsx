import { useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { PdfViewerProps } from "../../slots/pdf";

type Viewer = ComponentType<PdfViewerProps>;

let loaded: Viewer | undefined;
let loading: Promise<Viewer> | undefined;

/** The viewer's code with pdf.js, fetched once (on first use, not with the app). */
function load(): Promise<Viewer> {
  loading ??= import("./PdfViewer").then((module) => (loaded = module.default));
  return loading;
}

/**
 * The PDF viewer as the slot takes it: pdf.js and the viewer's code load on first use. Not
 * through Suspense, which holds revealed content back for a moment after its fallback (React
 * 19): the first page is on screen as soon as it is drawn.
 */
export function LazyPdfViewer(props: PdfViewerProps) {
  const { t } = useTranslation();
  const [Loaded, setLoaded] = useState<Viewer | undefined>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Loaded) return;
    let alive = true;
    load().then(
      (viewer) => alive && setLoaded(() => viewer),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} />;
  return (
    <div className="pdf-viewer" data-testid="pdf-viewer">
      {failed ? (
        <p className="pdf-viewer__message" role="alert" data-testid="pdf-failed">
          {t("pdfViewer.failed")}
        </p>
      ) : (
        <p className="pdf-viewer__message" role="status" data-testid="pdf-loading">
          {t("pdfViewer.loading")}
        </p>
      )}
    </div>
  );
}
