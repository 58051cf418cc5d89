import type { SyncTexBox } from "@scriptorium/shared";
import {
  RenderingCancelledException,
  TextLayer,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from "pdfjs-dist";
import { memo, useEffect, useRef, useState } from "react";
import type { HitSegment } from "./find";
import type { PageSize } from "./use-pdf-document";
import { CSS_PER_POINT } from "./zoom";

/** A canvas larger than this many pixels is drawn at a lower resolution (memory). */
const MAX_CANVAS_PIXELS = 16_777_216;

export interface PageHits {
  segments: readonly HitSegment[];
  /** Segments of the current hit (drawn apart, scrolled to). */
  current: readonly HitSegment[];
}

interface PdfPageProps {
  doc: PDFDocumentProxy;
  /** From 1. */
  number: number;
  zoom: number;
  /** The page's size in points, as known (the first page's until this one is drawn). */
  size: PageSize;
  onSize: (number: number, size: PageSize) => void;
  hits?: PageHits;
  /** SyncTeX places on this page to flash. */
  flash?: readonly SyncTexBox[];
  /** A label such as "Page 3". */
  label: string;
}

/** Draws one page: canvas, then its text layer (selection, search marks), when it is mounted. */
export const PdfPage = memo(function PdfPage(props: PdfPageProps) {
  const { doc, number, zoom, size, onSize, hits, flash, label } = props;
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const canvasHost = useRef<HTMLDivElement>(null);
  const textHost = useRef<HTMLDivElement>(null);
  const [layer, setLayer] = useState<TextLayer | null>(null);
  const [drawn, setDrawn] = useState(false);
  const scale = zoom * CSS_PER_POINT;

  useEffect(() => {
    let alive = true;
    let loaded: PDFPageProxy | undefined;
    void doc.getPage(number).then(
      (p) => {
        if (!alive) return;
        loaded = p;
        setPage(p);
        const v = p.getViewport({ scale: 1 });
        onSize(number, { width: v.width, height: v.height });
      },
      () => undefined,
    );
    return () => {
      alive = false;
      // A page scrolled away lets go of what drawing it kept (fonts, images, operator lists).
      loaded?.cleanup();
    };
  }, [doc, number, onSize]);

  // The canvas: drawn off screen and swapped in when done, so a zoom never blanks the page.
  useEffect(() => {
    const host = canvasHost.current;
    if (!page || !host) return;
    const viewport = page.getViewport({ scale });
    const wanted = window.devicePixelRatio || 1;
    const ratio = Math.min(
      wanted,
      Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
    );
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
    canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
    canvas.className = "pdf-page__canvas";
    const task = page.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    task.promise.then(
      () => {
        host.replaceChildren(canvas);
        setDrawn(true);
      },
      (err: unknown) => {
        if (!(err instanceof RenderingCancelledException)) console.warn("PDF page not drawn", err);
      },
    );
    return () => task.cancel();
  }, [page, scale]);

  // The text layer: transparent text over the canvas, for selection and search marks.
  useEffect(() => {
    const container = textHost.current;
    if (!page || !container) return;
    container.replaceChildren();
    const text = new TextLayer({
      textContentSource: page.streamTextContent(),
      container,
      viewport: page.getViewport({ scale }),
    });
    let alive = true;
    text.render().then(
      () => alive && setLayer(text),
      () => undefined,
    );
    return () => {
      alive = false;
      text.cancel();
      setLayer(null);
    };
  }, [page, scale]);

  useMarks(layer, hits);

  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);
  return (
    <div
      className="pdf-page"
      data-pdf-page={number}
      data-drawn={drawn || undefined}
      data-testid="pdf-page"
      role="group"
      aria-label={label}
      style={{ width, height, ["--total-scale-factor" as string]: scale }}
    >
      <div ref={canvasHost} className="pdf-page__drawing" />
      <div ref={textHost} className="pdf-page__text" />
      {flash?.map((box, i) => (
        <div
          key={i}
          className="pdf-page__flash"
          data-testid="pdf-flash"
          style={{
            left: box.x * scale - 2,
            top: box.y * scale - 2,
            width: box.width * scale + 4,
            height: box.height * scale + 4,
          }}
        />
      ))}
    </div>
  );
});

/** Marks the search's hits in the text layer's spans; the current one is scrolled into view. */
function useMarks(layer: TextLayer | null, hits: PageHits | undefined) {
  useEffect(() => {
    if (!layer || !hits) return;
    const divs = layer.textDivs;
    const texts = layer.textContentItemsStr;
    const touched = new Set<number>();
    const byItem = new Map<number, { start: number; end: number; current: boolean }[]>();
    const add = (s: HitSegment, current: boolean) => {
      const list = byItem.get(s.item) ?? [];
      list.push({ start: s.start, end: s.end, current });
      byItem.set(s.item, list);
    };
    hits.segments.forEach((s) => add(s, false));
    hits.current.forEach((s) => add(s, true));
    let first: HTMLElement | undefined;
    for (const [item, parts] of byItem) {
      const div = divs[item];
      const text = texts[item];
      if (!div || text === undefined) continue;
      touched.add(item);
      // A current part replaces the plain one at the same place.
      const sorted = parts
        .filter((p) => p.current || !parts.some((q) => q.current && q.start === p.start))
        .sort((a, b) => a.start - b.start);
      const nodes: Node[] = [];
      let at = 0;
      for (const part of sorted) {
        if (part.start < at) continue;
        if (part.start > at) nodes.push(document.createTextNode(text.slice(at, part.start)));
        const mark = document.createElement("mark");
        mark.className = part.current ? "pdf-hit pdf-hit--current" : "pdf-hit";
        mark.textContent = text.slice(part.start, part.end);
        if (part.current && !first) first = mark;
        nodes.push(mark);
        at = part.end;
      }
      if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...nodes);
    }
    first?.scrollIntoView({ block: "center", inline: "nearest" });
    return () => {
      for (const item of touched) {
        const div = divs[item];
        if (div) div.textContent = texts[item] ?? "";
      }
    };
  }, [layer, hits]);
}
