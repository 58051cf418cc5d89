import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton";
import type { PdfFind } from "./use-find";
import type { ZoomMode } from "./zoom";

interface ToolbarProps {
  page: number;
  pages: number;
  onGo: (page: number) => void;
  zoom: number;
  mode: ZoomMode;
  onZoomStep: (direction: 1 | -1) => void;
  onMode: (mode: ZoomMode) => void;
  thumbnails: boolean;
  onThumbnails: () => void;
  findOpen: boolean;
  onFind: () => void;
}

/** The viewer's bar: thumbnails, search, page number (type one to go there), zoom. */
export function PdfToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { page, pages, onGo, zoom, mode, onZoomStep, onMode } = props;
  return (
    <div className="pdf-viewer__bar" role="toolbar" aria-label={t("pdfViewer.toolbar")}>
      <IconButton
        icon="sidePanel"
        label={t("pdfViewer.thumbnails")}
        aria-pressed={props.thumbnails}
        testId="pdf-thumbnails-toggle"
        onClick={props.onThumbnails}
      />
      <IconButton
        icon="search"
        label={t("pdfViewer.find")}
        aria-pressed={props.findOpen}
        testId="pdf-find-toggle"
        onClick={props.onFind}
      />
      <span className="pdf-viewer__group">
        <IconButton
          icon="arrowUp"
          label={t("pdfViewer.previousPage")}
          testId="pdf-previous-page"
          disabled={page <= 1}
          onClick={() => onGo(page - 1)}
        />
        <PageField page={page} pages={pages} onGo={onGo} />
        <IconButton
          icon="arrowDown"
          label={t("pdfViewer.nextPage")}
          testId="pdf-next-page"
          disabled={page >= pages}
          onClick={() => onGo(page + 1)}
        />
      </span>
      <span className="pdf-viewer__group">
        <IconButton
          icon="zoomOut"
          label={t("pdfViewer.zoomOut")}
          testId="pdf-zoom-out"
          onClick={() => onZoomStep(-1)}
        />
        <output
          className="pdf-viewer__zoom"
          data-testid="pdf-zoom"
          aria-label={t("pdfViewer.zoom")}
        >
          {Math.round(zoom * 100)} %
        </output>
        <IconButton
          icon="zoomIn"
          label={t("pdfViewer.zoomIn")}
          testId="pdf-zoom-in"
          onClick={() => onZoomStep(1)}
        />
        <IconButton
          icon="fitWidth"
          label={t("pdfViewer.fitWidth")}
          aria-pressed={mode === "fit-width"}
          testId="pdf-fit-width"
          onClick={() => onMode("fit-width")}
        />
        <IconButton
          icon="fit"
          label={t("pdfViewer.fitPage")}
          aria-pressed={mode === "fit-page"}
          testId="pdf-fit-page"
          onClick={() => onMode("fit-page")}
        />
      </span>
    </div>
  );
}

/** The page on show, as a field: a number typed and Enter goes to that page. */
function PageField({
  page,
  pages,
  onGo,
}: {
  page: number;
  pages: number;
  onGo: (n: number) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <label className="pdf-viewer__page">
      <input
        className="input pdf-viewer__page-input"
        inputMode="numeric"
        aria-label={t("pdfViewer.goToPage")}
        data-testid="pdf-page-number"
        value={typed ?? String(page)}
        onChange={(e) => setTyped(e.target.value)}
        onFocus={(e) => e.target.select()}
        onBlur={() => setTyped(null)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          const n = Number(typed ?? page);
          if (Number.isInteger(n)) onGo(Math.min(pages, Math.max(1, n)));
          setTyped(null);
        }}
      />
      <span data-testid="pdf-page-count">{t("pdfViewer.ofPages", { pages })}</span>
    </label>
  );
}

/** The find bar: Enter or F3 for the next hit, Shift with them for the previous, Escape closes. */
export function FindBar({ find, onClose }: { find: PdfFind; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const { hits, current, searching, query } = find;
  let status = "";
  if (query.trim() !== "") {
    if (hits.length > 0) status = t("pdfViewer.hitOf", { index: current + 1, total: hits.length });
    else if (!searching) status = t("pdfViewer.noHits");
  }
  return (
    <div className="pdf-viewer__find" role="search" data-testid="pdf-find">
      <input
        ref={input}
        className="input pdf-viewer__find-input"
        type="search"
        aria-label={t("pdfViewer.find")}
        placeholder={t("pdfViewer.find")}
        data-testid="pdf-find-input"
        value={query}
        onChange={(e) => find.setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === "F3") {
            e.preventDefault();
            if (e.shiftKey) find.previous();
            else find.next();
          } else if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      />
      <span className="pdf-viewer__find-status" role="status" data-testid="pdf-find-status">
        {status}
      </span>
      <IconButton
        icon="arrowUp"
        label={t("pdfViewer.previousHit")}
        testId="pdf-find-previous"
        disabled={hits.length === 0}
        onClick={find.previous}
      />
      <IconButton
        icon="arrowDown"
        label={t("pdfViewer.nextHit")}
        testId="pdf-find-next"
        disabled={hits.length === 0}
        onClick={find.next}
      />
      <IconButton
        icon="close"
        label={t("pdfViewer.closeFind")}
        testId="pdf-find-close"
        onClick={onClose}
      />
    </div>
  );
}
