import type { SyncTexBox } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { useToastStore } from "../../state/toast-store";
import {
  editorView,
  fakeServer,
  pdfViewerSeen,
  renderEditorAt,
  stubLayout,
  stubPdfViewer,
  USER,
} from "./test-harness";
import { useWorkbenchStore } from "./workbench-store";

const SOURCE = "/Opere/figura.tex";
const BOX: SyncTexBox = { page: 2, x: 100, y: 200, width: 300, height: 12 };

beforeAll(stubLayout);

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  useRunStore.setState({ lastRuns: {}, running: null });
  useWorkbenchStore.setState({ paneHidden: false, reveals: {} });
  useAuthStore.getState().setSession("jwt", USER);
  stubPdfViewer();
  // The last compile of the source made its PDF.
  useRunStore.getState().record({
    request: {
      source: SOURCE,
      tool: "pdflatex",
      destination: "/Opere",
      commandline: "",
      override: false,
    },
    result: {
      log: "/Opere/pdflatex.OUT.log",
      exitCode: 0,
      ok: true,
      diagnostics: [],
      output: "/Opere/figura.pdf",
    },
    at: 7,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

const cursorLine = (view: Awaited<ReturnType<typeof editorView>>) =>
  view.state.doc.lineAt(view.state.selection.main.head).number;

describe("SyncTeX in the workbench", () => {
  it("a double-click in the PDF on a line of this source moves the cursor there", async () => {
    fakeServer({});
    renderEditorAt();
    const view = await editorView();
    expect(cursorLine(view)).toBe(1);
    act(() => pdfViewerSeen.props?.onSource?.({ file: SOURCE, line: 3 }));
    expect(cursorLine(view)).toBe(3);
  });

  it("a line of another file (an \\input file, a pipeline's .m.tex) opens that file at the line", async () => {
    fakeServer({});
    const { router } = renderEditorAt();
    await editorView();
    act(() => pdfViewerSeen.props?.onSource?.({ file: "/Opere/parte uno.tex", line: 12 }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/files/Opere/parte%20uno.tex"),
    );
    expect(router.state.location.search).toBe("?line=12");
  });

  it("Show in PDF asks SyncTeX for the cursor's line and reveals its places in the pane", async () => {
    const server = fakeServer({
      get: (url) =>
        url.pathname === "/api/synctex/Opere/figura.pdf" ? { body: { boxes: [BOX] } } : undefined,
    });
    renderEditorAt();
    const view = await editorView();
    act(() => view.dispatch({ selection: { anchor: view.state.doc.line(2).from + 1 } }));
    useWorkbenchStore.setState({ paneHidden: true });
    fireEvent.click(screen.getByTestId("workbench-show-in-pdf"));
    await waitFor(() =>
      expect(screen.getByTestId("pdf-stand-in").dataset.reveal).toBe(JSON.stringify([BOX])),
    );
    const asked = server.seen.find((s) => s.url.pathname.startsWith("/api/synctex"));
    expect(asked?.url.searchParams.get("file")).toBe(SOURCE);
    expect(asked?.url.searchParams.get("line")).toBe("2");
    // A hidden pane is shown for it; a second request is a new reveal.
    expect(useWorkbenchStore.getState().paneHidden).toBe(false);
    const first = pdfViewerSeen.props?.reveal?.key;
    fireEvent.click(screen.getByTestId("workbench-show-in-pdf"));
    await waitFor(() => expect(pdfViewerSeen.props?.reveal?.key).not.toBe(first));
  });

  it("a line that is not in the PDF says so", async () => {
    fakeServer({
      get: (url) => (url.pathname.startsWith("/api/synctex/") ? { status: 404 } : undefined),
    });
    renderEditorAt();
    await editorView();
    fireEvent.click(screen.getByTestId("workbench-show-in-pdf"));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        "This line is not in the PDF (compile it again?).",
      ),
    );
    expect(screen.getByTestId("pdf-stand-in").dataset.reveal).toBeUndefined();
  });

  it("no Show in PDF for an HTML output", async () => {
    fakeServer({});
    useRunStore.getState().record({
      request: {
        source: SOURCE,
        tool: "m2hv",
        destination: "/Opere/figura_m2hv",
        commandline: "",
        override: false,
      },
      result: {
        log: "/l",
        exitCode: 0,
        ok: true,
        diagnostics: [],
        output: "/Opere/figura_m2hv/index.html",
      },
      at: 8,
    });
    renderEditorAt();
    await editorView();
    expect(screen.queryByTestId("workbench-show-in-pdf")).toBeNull();
  });
});
