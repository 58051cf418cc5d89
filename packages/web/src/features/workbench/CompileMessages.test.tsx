import { forEachDiagnostic } from "@codemirror/lint";
import type { Diagnostic, Resource } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Editor } from "../editor/Editor";
import { useAuthStore } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { editorView, fakeServer, stubLayout, stubPdfViewer, texFile, USER } from "./test-harness";
import "../../app/file-views";

const SOURCE = "/Opere/con errore.tex";
const STYLE = "/Opere/mystyle.sty";
const STYLE_TEXT = ["\\ProvidesPackage{mystyle}", "\\newcommand{\\a}{A}", "%", "\\bad", ""].join(
  "\n",
);

const FILES: Record<string, Resource> = {
  [SOURCE]: texFile({ path: SOURCE, name: "con errore.tex" }),
  [STYLE]: texFile({
    path: STYLE,
    name: "mystyle.sty",
    extension: ".sty",
    content: STYLE_TEXT,
    size: STYLE_TEXT.length,
  }),
};

/** /files/<path> shows the editor of a file of FILES, else where the app went. */
function Page() {
  const { pathname } = useLocation();
  const file = FILES[decodeURIComponent(pathname.replace(/^\/files/, ""))];
  return file ? <Editor resource={file} /> : <p data-testid="elsewhere">{pathname}</p>;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <Page /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const MESSAGES: Diagnostic[] = [
  { file: STYLE, line: 4, message: "Undefined control sequence.", severity: "error" },
  {
    file: "mauro.sty",
    line: 7,
    message: "Undefined control sequence.",
    severity: "error",
    outside: true,
  },
  { file: SOURCE, line: 5, message: "Undefined control sequence.", severity: "error" },
  { file: SOURCE, line: 3, message: "Reference `x' on page 1 undefined", severity: "warning" },
];

function recordRun(diagnostics: Diagnostic[]) {
  useRunStore.getState().record({
    request: {
      source: SOURCE,
      tool: "pdflatex",
      destination: "/Opere",
      commandline: "",
      override: true,
    },
    result: {
      log: "/Opere/con errore.pdflatex.log",
      exitCode: 1,
      ok: false,
      diagnostics,
      output: "/Opere/con errore.pdf",
    },
    at: 1,
  });
}

const entries = () => screen.getAllByTestId("workbench-diagnostic");

beforeAll(stubLayout);
beforeEach(() => {
  useRunStore.setState({ lastRuns: {}, running: null });
  useAuthStore.getState().setSession("jwt", USER);
  fakeServer({ files: FILES });
  // The pane shows the run's PDF: jsdom draws none, so the viewer is a stand-in.
  stubPdfViewer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe("the last compile's messages under the editor", () => {
  it("lists them, each a link to its file and line; a file outside the user's is text", async () => {
    recordRun(MESSAGES);
    const router = renderAt("/files/Opere/con%20errore.tex");
    await editorView();
    expect(screen.getByTestId("workbench-messages").querySelector("summary")?.textContent).toBe(
      "Errors: 3, warnings: 1",
    );
    expect(entries().map((e) => [e.tagName, e.textContent, e.getAttribute("href")])).toEqual([
      ["A", "mystyle.sty:4: Undefined control sequence.", "/files/Opere/mystyle.sty?line=4"],
      ["SPAN", "mauro.sty:7: Undefined control sequence.", null],
      [
        "A",
        "con errore.tex:5: Undefined control sequence.",
        "/files/Opere/con%20errore.tex?line=5",
      ],
      [
        "A",
        "con errore.tex:3: Reference `x' on page 1 undefined",
        "/files/Opere/con%20errore.tex?line=3",
      ],
    ]);

    // The style file's error opens the style file at its line, marked there too.
    fireEvent.click(entries()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/mystyle.sty"));
    expect(router.state.location.search).toBe("?line=4");
    await waitFor(() => expect(document.querySelector(".cm-lint-marker-error")).not.toBeNull());
    const view = await editorView();
    const found: number[] = [];
    forEachDiagnostic(view.state, (_, from) => found.push(view.state.doc.lineAt(from).number));
    expect(found).toEqual([4]);
    await waitFor(() =>
      expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(4),
    );
    expect(entries().map((e) => e.textContent)).toEqual([
      "mystyle.sty:4: Undefined control sequence.",
    ]);
  });

  it("shows nothing when the last compile said nothing, nor on a file no compile named", async () => {
    recordRun([]);
    renderAt("/files/Opere/con%20errore.tex");
    await editorView();
    expect(screen.queryByTestId("workbench-messages")).toBeNull();
    expect(screen.getByTestId("workbench-compile")).toBeTruthy();
  });

  it("gives a style file no list nor marks when no compile named it", async () => {
    recordRun([{ file: SOURCE, line: 5, message: "x", severity: "error" }]);
    renderAt("/files/Opere/mystyle.sty");
    await editorView();
    expect(screen.queryByTestId("workbench-messages")).toBeNull();
    expect(document.querySelector(".cm-lint-marker-error")).toBeNull();
  });
});
