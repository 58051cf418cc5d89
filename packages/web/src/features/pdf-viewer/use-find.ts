import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { findAll, firstHitFrom, pageText, segmentsOf, type Hit, type PageText } from "./find";
import type { PageHits } from "./PdfPage";

/** Typing pauses this long before the pages are searched again. */
const DEBOUNCE_MS = 200;

export interface PdfFind {
  query: string;
  setQuery: (query: string) => void;
  hits: readonly Hit[];
  /** Index of the current hit in `hits`, -1 for none. */
  current: number;
  /** Still going through the pages. */
  searching: boolean;
  next: () => void;
  previous: () => void;
  /** The marks of one page (stable objects, so pages without change do not redraw). */
  hitsOf: (page: number) => PageHits | undefined;
}

/**
 * Search through the whole PDF: each page's text read once (kept for the next search), hits
 * found page after page and shown as they come; `onGo` is told the page of the current hit.
 */
export function usePdfFind(
  doc: PDFDocumentProxy | undefined,
  startPage: () => number,
  onGo: (page: number) => void,
): PdfFind {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<Hit[]>([]);
  const [current, setCurrent] = useState(-1);
  const [searching, setSearching] = useState(false);
  const texts = useRef(new Map<number, PageText>());
  const latest = useRef({ startPage, onGo });
  useEffect(() => {
    latest.current = { startPage, onGo };
  });

  useEffect(() => {
    texts.current = new Map();
  }, [doc]);

  useEffect(() => {
    setHits([]);
    setCurrent(-1);
    if (!doc || query.trim() === "") {
      setSearching(false);
      return;
    }
    let alive = true;
    setSearching(true);
    const timer = setTimeout(() => {
      void (async () => {
        const found: Hit[] = [];
        const from = latest.current.startPage();
        let chosen = false;
        for (let page = 1; page <= doc.numPages && alive; page++) {
          let text = texts.current.get(page);
          if (!text) {
            const content = await (await doc.getPage(page)).getTextContent();
            text = pageText(content.items.filter((item) => "str" in item));
            texts.current.set(page, text);
          }
          if (!alive) return;
          const before = found.length;
          for (const [start, end] of findAll(text.text, query)) found.push({ page, start, end });
          if (found.length !== before || page === doc.numPages) {
            setHits([...found]);
            // The first hit at or after the page on show becomes current as soon as it is found.
            if (!chosen && (page >= from || page === doc.numPages) && found.length > 0) {
              chosen = true;
              const index = firstHitFrom(found, from);
              setCurrent(index);
              latest.current.onGo((found[index] as Hit).page);
            }
          }
        }
        if (alive) setSearching(false);
      })().catch(() => alive && setSearching(false));
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [doc, query]);

  const go = useCallback(
    (step: 1 | -1) => {
      if (hits.length === 0) return;
      const index = current < 0 ? 0 : (current + step + hits.length) % hits.length;
      setCurrent(index);
      latest.current.onGo((hits[index] as Hit).page);
    },
    [hits, current],
  );

  const perPage = useMemo(() => {
    const map = new Map<number, PageHits>();
    const currentHit = hits[current];
    const pages = new Set(hits.map((h) => h.page));
    for (const page of pages) {
      const text = texts.current.get(page);
      if (!text) continue;
      const segments = hits
        .filter((h) => h.page === page)
        .flatMap((h) => segmentsOf(text, h.start, h.end));
      const currentSegments =
        currentHit?.page === page ? segmentsOf(text, currentHit.start, currentHit.end) : [];
      map.set(page, { segments, current: currentSegments });
    }
    return map;
  }, [hits, current]);

  return {
    query,
    setQuery,
    hits,
    current,
    searching,
    next: () => go(1),
    previous: () => go(-1),
    hitsOf: (page) => perPage.get(page),
  };
}
