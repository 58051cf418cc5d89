import {
  getDocument,
  GlobalWorkerOptions,
  PDFWorker,
  type PDFDocumentLoadingTask,
} from "pdfjs-dist";
// The worker is a file of our own build (never a CDN's): Vite copies it and gives its address.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { sessionToken } from "../../api/client";

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One worker for every PDF of the visit, started with this module: its start (reading 1.3 MB of
 * script) is paid once, and while the viewer's first render runs rather than after it.
 */
let worker: PDFWorker | undefined;
const sharedWorker = () => (worker ??= new PDFWorker());
sharedWorker();

/**
 * Where the build put pdf.js's data (vite.config.ts copies its character maps, standard fonts
 * and image decoders under `pdfjs/`), following StaticURL like every asset.
 */
function assetsBase(): string {
  return window.__prependStaticUrl ? window.__prependStaticUrl("pdfjs/") : "/static/pdfjs/";
}

/** Bytes asked for at a time: the first page of a long book arrives without the rest. */
const RANGE_CHUNK = 128 * 1024;

/**
 * Opens a PDF from its URL: pdf.js asks the server for the parts it needs (`Range`), page by
 * page, and fetches nothing ahead; nothing comes from anywhere but this server.
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  const token = sessionToken();
  const base = assetsBase();
  return getDocument({
    url,
    worker: sharedWorker(),
    httpHeaders: token ? { "X-Auth": token } : undefined,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    enableXfa: false,
    cMapUrl: `${base}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${base}standard_fonts/`,
    wasmUrl: `${base}wasm/`,
  });
}
