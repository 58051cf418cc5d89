import { EditorView } from "@codemirror/view";
import type { Resource, TokenUser, ToolRunResult, ToolStates } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { Editor } from "../editor/Editor";
import { PromptHost } from "../../prompts";
import "../../app/register-prompts";
import "../../app/file-views";
import { pdfViewerSlot, type PdfViewerProps } from "../../slots/pdf";

/** Test helpers of the workbench: a user, a .tex file, the editor page, a fake server. */

export const USER: TokenUser = {
  id: 2,
  username: "ada",
  locale: "en",
  viewMode: "list",
  singleClick: false,
  perm: {
    admin: false,
    execute: false,
    create: true,
    rename: true,
    modify: true,
    delete: true,
    share: true,
    download: true,
    unzip: true,
  },
  commands: [],
  lockPassword: false,
  hideDotfiles: false,
  dateFormat: false,
};

export const TEX = [
  "\\ElencoTestimoni{A/B/C}",
  "\\begin{document}",
  "\\Unit Testo \\VV{{A:uno}{B:due}}.",
  "\\Unit Altro.",
  "\\end{document}",
].join("\n");

export const texFile = (patch: Partial<Resource> = {}): Resource => ({
  path: "/Opere/figura.tex",
  name: "figura.tex",
  size: TEX.length,
  extension: ".tex",
  modified: "2024-10-04T22:08:29.123456789+02:00",
  mode: 420,
  isDir: false,
  isSymlink: false,
  type: "text",
  content: TEX,
  ...patch,
});

/** /files/… shows the editor for the file, a stand-in for other pages. */
function FilesStandIn({ file }: { file: Resource }) {
  const { pathname } = useLocation();
  return pathname === "/files/Opere/figura.tex" ? (
    <Editor resource={file} />
  ) : (
    <p data-testid="elsewhere">{pathname}</p>
  );
}

export function renderEditorAt(url = "/files/Opere/figura.tex", file = texFile()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <FilesStandIn file={file} />
            <PromptHost />
          </>
        ),
      },
    ],
    { initialEntries: ["/files/Opere/", url], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>(".cm-content");
    if (!element) throw new Error("CodeMirror is not there yet");
    return element;
  });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error("no view");
  return view;
}

export function typeAtEnd(view: EditorView, text: string) {
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }));
}

/** jsdom does no layout; CodeMirror measures text ranges for the cursor and the selection. */
export function stubLayout() {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Object.assign(Range.prototype, {
    getClientRects: emptyRects,
    getBoundingClientRect: () => new DOMRect(),
  });
}

/** A request the fake server received. */
export interface Seen {
  method: string;
  url: URL;
  body: unknown;
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/**
 * A fetch that answers like the server: PUT saves, GET of a resource answers `files`, PATCH with
 * a tool action answers `result(request)` (or waits for the abort when `hold` is set), the tool
 * states `toolStates`.
 */
export function fakeServer(options: {
  files?: Record<string, Resource>;
  /** GET answers of other routes (e.g. /api/synctex/…): a body, or a status for an error. */
  get?: (url: URL) => { status: number } | { body: unknown } | undefined;
  result?: (url: URL) => ToolRunResult;
  hold?: boolean;
  /** `GET /api/mauro/tools`; none: 404 (the web then offers what the page globals list). */
  toolStates?: ToolStates;
}) {
  const seen: Seen[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, "http://localhost");
    const method = init?.method ?? "GET";
    seen.push({ method, url, body: init?.body });
    if (method === "PUT") return Promise.resolve(new Response("", { status: 200 }));
    if (url.pathname === "/api/mauro/tools" && options.toolStates) {
      return Promise.resolve(json(options.toolStates));
    }
    if (method === "PATCH") {
      if (options.hold) {
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        });
      }
      return Promise.resolve(json(options.result?.(url)));
    }
    const answer = options.get?.(url);
    if (answer && "body" in answer) return Promise.resolve(json(answer.body));
    if (answer) return Promise.resolve(json({ status: answer.status }, answer.status));
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/resources/, ""));
    const file = options.files?.[path];
    return Promise.resolve(file ? json(file) : json({ status: 404, message: "Not Found" }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return { seen, fetchMock, patches: () => seen.filter((s) => s.method === "PATCH") };
}

/** The query of a tool run as the server decodes it (destination and commandline twice). */
export function toolQuery(url: URL) {
  const q = url.searchParams;
  const twice = (name: string) => decodeURIComponent(q.get(name) ?? "");
  return {
    path: decodeURIComponent(url.pathname.replace(/^\/api\/resources/, "")),
    action: q.get("action"),
    destination: twice("destination"),
    commandline: twice("commandline"),
    override: q.get("override"),
  };
}

/** What the stand-in PDF viewer was last given, and the stand-in itself (slots/pdf.ts). */
export const pdfViewerSeen: { props?: PdfViewerProps } = {};

function PdfViewerStandIn(props: PdfViewerProps) {
  pdfViewerSeen.props = props;
  return (
    <div
      data-testid="pdf-stand-in"
      data-path={props.path}
      data-version={String(props.version)}
      data-reveal={props.reveal ? JSON.stringify(props.reveal.boxes) : undefined}
    />
  );
}

/** The PDF viewer replaced by a stand-in (jsdom draws no PDF). */
export function stubPdfViewer() {
  pdfViewerSeen.props = undefined;
  pdfViewerSlot.fill(PdfViewerStandIn);
}
