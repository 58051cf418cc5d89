import { useVirtualizer } from "@tanstack/react-virtual";
import { RenderingCancelledException, type PDFDocumentProxy } from "pdfjs-dist";
import { memo, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PageSize } from "./use-pdf-document";

/** A thumbnail's width in CSS pixels. */
const THUMB_WIDTH = 112;
/** Room around a thumbnail and its number. */
const THUMB_EXTRA = 36;

/** One page drawn small, when its place in the strip comes into view. */
const Thumbnail = memo(function Thumbnail(props: {
  doc: PDFDocumentProxy;
  number: number;
  height: number;
}) {
  const { doc, number, height } = props;
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let alive = true;
    let cancel = () => undefined as void;
    void doc.getPage(number).then(
      (page) => {
        const target = host.current;
        if (!alive || !target) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (THUMB_WIDTH / base.width) * ratio });
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const task = page.render({ canvas, viewport });
        cancel = () => task.cancel();
        task.promise.then(
          () => target.replaceChildren(canvas),
          (err: unknown) => {
            if (!(err instanceof RenderingCancelledException)) console.warn(err);
          },
        );
      },
      () => undefined,
    );
    return () => {
      alive = false;
      cancel();
    };
  }, [doc, number]);
  return <div ref={host} className="pdf-thumb__drawing" style={{ height }} />;
});

/** The strip of page thumbnails: a click (or Enter) goes to the page; the current one is marked. */
export function Thumbnails(props: {
  doc: PDFDocumentProxy;
  pageSize: PageSize;
  current: number;
  onGo: (page: number) => void;
}) {
  const { doc, pageSize, current, onGo } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const height = Math.round((THUMB_WIDTH * pageSize.height) / Math.max(1, pageSize.width));
  const virtualizer = useVirtualizer({
    count: doc.numPages,
    getScrollElement: () => scroller.current,
    estimateSize: () => height + THUMB_EXTRA,
    overscan: 3,
  });
  // The current page's thumbnail stays in view as the pages scroll.
  useEffect(() => {
    virtualizer.scrollToIndex(current - 1, { align: "auto" });
  }, [current, virtualizer]);
  return (
    <nav
      className="pdf-thumbs"
      ref={scroller}
      aria-label={t("pdfViewer.thumbnails")}
      data-testid="pdf-thumbnails"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const number = item.index + 1;
          return (
            <button
              key={item.key}
              type="button"
              className="pdf-thumb"
              data-testid="pdf-thumbnail"
              aria-current={number === current ? "page" : undefined}
              aria-label={t("pdfViewer.page", { page: number })}
              style={{ transform: `translateY(${item.start}px)`, height: item.size }}
              onClick={() => onGo(number)}
            >
              <Thumbnail doc={doc} number={number} height={height} />
              <span className="pdf-thumb__number">{number}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
