import type { SyncTexBox } from "@scriptorium/shared";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fileUrls } from "../../api/resource-api";
import type { PdfViewerProps } from "../../slots/pdf";
import { PdfPage } from "./PdfPage";
import { FindBar, PdfToolbar } from "./PdfToolbar";
import { Thumbnails } from "./Thumbnails";
import { useElementSize } from "./use-element-size";
import { usePdfFind } from "./use-find";
import { usePdfDocument, type PageSize } from "./use-pdf-document";
import { useSynctexClick } from "./use-synctex-click";
import { CSS_PER_POINT, clampZoom, stepZoom, zoomFor, type ZoomMode } from "./zoom";
import "./pdf-viewer.css";

/** Room above each page and around the pages (CSS pixels). */
const GAP = 12;
/** How long SyncTeX's places stay marked. */
const FLASH_MS = 2500;

/** The page on show at the top, and how far down it (0–1). */
interface Anchor {
  index: number;
  fraction: number;
}

/** Where each PDF was left (place, zoom), so a new compile or a return shows the same place. */
const places = new Map<string, { anchor: Anchor; left: number; mode: ZoomMode }>();
/** The last reveal done per PDF: a viewer made again does not repeat it. */
const revealed = new Map<string, number>();
let thumbnailsOpen = false;

/**
 * The PDF viewer (filling slots/pdf.ts): pages drawn by pdf.js as they come into view, page 1
 * first, with a text layer for selection and search; thumbnails, zoom (fit width, fit page,
 * steps, Ctrl+wheel), find (Ctrl+F, Enter / Shift+Enter), page number; a double-click asks
 * SyncTeX for the source line; `reveal` scrolls to places and flashes them.
 */
export default function PdfViewer(props: PdfViewerProps) {
  const { t } = useTranslation();
  const { path, version } = props;
  const url = useMemo(() => {
    const raw = fileUrls.raw(path, true);
    return version === undefined ? raw : `${raw}&v=${encodeURIComponent(String(version))}`;
  }, [path, version]);
  const state = usePdfDocument(url);
  if (state.status === "ready")
    return <LoadedViewer key={url} {...props} doc={state.doc} pageSize={state.pageSize} />;
  return (
    <div className="pdf-viewer" data-testid="pdf-viewer" aria-label={props.label}>
      {state.status === "loading" ? (
        <p className="pdf-viewer__message" role="status" data-testid="pdf-loading">
          {t("pdfViewer.loading")}
        </p>
      ) : (
        <p className="pdf-viewer__message" role="alert" data-testid="pdf-failed">
          {t("pdfViewer.failed")}
        </p>
      )}
    </div>
  );
}

function LoadedViewer(props: PdfViewerProps & { doc: PDFDocumentProxy; pageSize: PageSize }) {
  const { t } = useTranslation();
  const { doc, pageSize, path, reveal, onSource, label } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const area = useElementSize(scroller);
  const saved = places.get(path);
  const [mode, setMode] = useState<ZoomMode>(saved?.mode ?? "fit-width");
  const [thumbnails, setThumbnails] = useState(thumbnailsOpen);
  const [findOpen, setFindOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [sizes, setSizes] = useState(() => new Map<number, PageSize>());
  const [flash, setFlash] = useState<Map<number, SyncTexBox[]>>(() => new Map());
  const zoom = zoomFor(mode, pageSize, {
    width: Math.max(0, area.width - 2 * GAP),
    height: Math.max(0, area.height - 2 * GAP),
  });
  const scale = zoom * CSS_PER_POINT;
  const sizeOf = useCallback((n: number) => sizes.get(n) ?? pageSize, [sizes, pageSize]);

  const virtualizer = useVirtualizer({
    count: doc.numPages,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => Math.floor(sizeOf(i + 1).height * scale) + GAP,
    paddingEnd: GAP,
    overscan: 1,
  });
  const startOf = useCallback(
    (index: number) => virtualizer.measurementsCache[index]?.start ?? 0,
    [virtualizer],
  );

  // Sizes change with the zoom and as pages report theirs; the place on show stays in view
  // (at first, the place left last time).
  const anchor = useRef<Anchor>(saved?.anchor ?? { index: 0, fraction: 0 });
  useLayoutEffect(() => {
    virtualizer.measure();
    const element = scroller.current;
    if (!element) return;
    const { index, fraction } = anchor.current;
    const size = Math.floor(sizeOf(index + 1).height * scale) + GAP;
    element.scrollTop = startOf(index) + fraction * size;
  }, [scale, sizes, virtualizer, sizeOf, startOf]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && saved) element.scrollLeft = saved.left;
    // Once, when the viewer appears.
  }, []);

  useEffect(() => {
    places.set(path, { anchor: anchor.current, left: places.get(path)?.left ?? 0, mode });
  }, [path, mode]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const item = virtualizer.getVirtualItemForOffset(element.scrollTop + element.clientHeight / 3);
    if (item) setPage(item.index + 1);
    const top = virtualizer.getVirtualItemForOffset(element.scrollTop);
    if (top)
      anchor.current = { index: top.index, fraction: (element.scrollTop - top.start) / top.size };
    places.set(path, { anchor: anchor.current, left: element.scrollLeft, mode });
  };

  const goTo = useCallback(
    (n: number) => {
      const element = scroller.current;
      const index = Math.min(doc.numPages, Math.max(1, n)) - 1;
      if (element) element.scrollTop = startOf(index);
      setPage(index + 1);
    },
    [doc, startOf],
  );

  const find = usePdfFind(
    doc,
    () => page,
    (n) => {
      // A page not drawn yet is brought into view; once drawn it scrolls to its mark.
      const element = scroller.current;
      if (!element) return;
      const start = startOf(n - 1);
      const end = start + Math.floor(sizeOf(n).height * scale);
      if (start > element.scrollTop + element.clientHeight || end < element.scrollTop) goTo(n);
    },
  );

  const onSize = useCallback(
    (n: number, size: PageSize) => {
      const same = (a: PageSize | undefined) =>
        a !== undefined && a.width === size.width && a.height === size.height;
      setSizes((prev) => {
        // A page of the first page's size (most of them) changes nothing.
        if (same(prev.get(n)) || (!prev.has(n) && same(pageSize))) return prev;
        return new Map(prev).set(n, size);
      });
    },
    [pageSize],
  );

  // Ctrl+wheel (a pinch on a touchpad) zooms; the listener may cancel the page's own zoom.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setMode((prev) => {
        const current = zoomFor(prev, pageSize, {
          width: element.clientWidth - 2 * GAP,
          height: element.clientHeight - 2 * GAP,
        });
        return { zoom: clampZoom(current * Math.exp(-event.deltaY / 300)) };
      });
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [pageSize]);

  // SyncTeX's forward search: scroll to the first place, flash them all.
  useEffect(() => {
    const element = scroller.current;
    // Not before the area's size, so the zoom, is known.
    if (!reveal || !element || area.width === 0 || revealed.get(path) === reveal.key) return;
    revealed.set(path, reveal.key);
    const [first] = reveal.boxes;
    if (!first) return;
    element.scrollTop = startOf(first.page - 1) + first.y * scale - element.clientHeight / 3;
    const pageWidth = Math.floor(sizeOf(first.page).width * scale);
    if (pageWidth > element.clientWidth)
      element.scrollLeft = first.x * scale - element.clientWidth / 3;
    const byPage = new Map<number, SyncTexBox[]>();
    for (const box of reveal.boxes) byPage.set(box.page, [...(byPage.get(box.page) ?? []), box]);
    setFlash(byPage);
  }, [reveal, path, scale, startOf, sizeOf, area.width]);

  // The flashed places go after a while.
  useEffect(() => {
    if (flash.size === 0) return;
    const timer = setTimeout(() => setFlash(new Map()), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const onDoubleClick = useSynctexClick(path, scale, onSource);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "f") {
      event.preventDefault();
      setFindOpen(true);
      return;
    }
    if (event.key === "F3" || (mod && event.key.toLowerCase() === "g")) {
      event.preventDefault();
      if (event.shiftKey) find.previous();
      else find.next();
      return;
    }
    const target = event.target as HTMLElement;
    if (mod || event.altKey || target.tagName === "INPUT") return;
    if (event.key === "+" || event.key === "=") setMode({ zoom: stepZoom(zoom, 1) });
    else if (event.key === "-") setMode({ zoom: stepZoom(zoom, -1) });
  };

  const width = Math.floor(Math.max(...[pageSize, ...sizes.values()].map((s) => s.width)) * scale);
  return (
    <div
      className="pdf-viewer"
      data-testid="pdf-viewer"
      data-pages={doc.numPages}
      aria-label={label}
      role="group"
      onKeyDown={onKeyDown}
    >
      <PdfToolbar
        page={page}
        pages={doc.numPages}
        onGo={goTo}
        zoom={zoom}
        mode={mode}
        onZoomStep={(direction) => setMode({ zoom: stepZoom(zoom, direction) })}
        onMode={setMode}
        thumbnails={thumbnails}
        onThumbnails={() => setThumbnails((open) => (thumbnailsOpen = !open))}
        findOpen={findOpen}
        onFind={() => setFindOpen((open) => !open)}
      />
      {findOpen && (
        <FindBar
          find={find}
          onClose={() => {
            setFindOpen(false);
            find.setQuery("");
            scroller.current?.focus();
          }}
        />
      )}
      <div className="pdf-viewer__body">
        {thumbnails && <Thumbnails doc={doc} pageSize={pageSize} current={page} onGo={goTo} />}
        <div
          ref={scroller}
          className="pdf-viewer__pages"
          tabIndex={0}
          aria-label={t("pdfViewer.pages")}
          data-testid="pdf-pages"
          onScroll={onScroll}
          onDoubleClick={onDoubleClick}
          title={onSource ? t("pdfViewer.syncHint") : undefined}
        >
          <div
            className="pdf-viewer__sheet"
            style={{ height: virtualizer.getTotalSize(), width: width + 2 * GAP }}
          >
            {/* Pages are drawn once the area's size (so the zoom) is known. */}
            {(area.width > 0 ? virtualizer.getVirtualItems() : []).map((item) => {
              const n = item.index + 1;
              return (
                <div
                  key={item.key}
                  className="pdf-viewer__slot"
                  style={{ transform: `translateY(${item.start + GAP}px)` }}
                >
                  <PdfPage
                    doc={doc}
                    number={n}
                    zoom={zoom}
                    size={sizeOf(n)}
                    onSize={onSize}
                    hits={find.hitsOf(n)}
                    flash={flash.get(n)}
                    label={t("pdfViewer.page", { page: n })}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
