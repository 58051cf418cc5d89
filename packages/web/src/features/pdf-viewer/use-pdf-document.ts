import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { openPdf } from "./pdfjs";

/** A page's size in PDF points (as shown: rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

export type PdfState =
  | { status: "loading" }
  | { status: "failed"; error: unknown }
  | { status: "ready"; doc: PDFDocumentProxy; firstPage: PDFPageProxy; pageSize: PageSize };

/**
 * Loads the PDF at `url` and its first page (whose size stands for every page until each is
 * drawn); a new URL loads anew, and the document is destroyed when it is no longer shown.
 */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState>({ status: "loading" });
  useEffect(() => {
    let alive = true;
    setState({ status: "loading" });
    const task = openPdf(url);
    task.promise
      .then(async (doc) => {
        const firstPage = await doc.getPage(1);
        const viewport = firstPage.getViewport({ scale: 1 });
        if (alive)
          setState({
            status: "ready",
            doc,
            firstPage,
            pageSize: { width: viewport.width, height: viewport.height },
          });
      })
      .catch((error: unknown) => {
        if (alive) setState({ status: "failed", error });
      });
    return () => {
      alive = false;
      void task.destroy();
    };
  }, [url]);
  return state;
}
