import { forEachDiagnostic } from "@codemirror/lint";
import type { ToolRunResult } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { usePromptStore } from "../../prompts";
import { useToastStore } from "../../state/toast-store";
import {
  editorView,
  fakeServer,
  renderEditorAt,
  stubLayout,
  stubPdfViewer,
  texFile,
  toolQuery,
  typeAtEnd,
  USER,
} from "./test-harness";
import { useWorkbenchStore } from "./workbench-store";

const SOURCE = "/Opere/figura.tex";

const m2hvResult = (patch: Partial<ToolRunResult> = {}): ToolRunResult => ({
  log: "/Opere/figura_m2hv/m2hv.OUT.log",
  exitCode: 0,
  ok: true,
  diagnostics: [],
  output: "/Opere/figura_m2hv/index.html",
  ...patch,
});

const frame = () => screen.getByTestId<HTMLIFrameElement>("workbench-frame");
const ctrlEnter = (target: Element) =>
  fireEvent.keyDown(target, { key: "Enter", code: "Enter", ctrlKey: true });

beforeAll(stubLayout);

beforeEach(() => {
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
  useRunStore.setState({ lastRuns: {}, running: null });
  useWorkbenchStore.setState({ paneHidden: false });
  useAuthStore.getState().setSession("jwt", USER);
  stubPdfViewer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe("the compile workbench", () => {
  it("opens at ?line=N with the cursor on that line, briefly highlighted", async () => {
    fakeServer({});
    renderEditorAt("/files/Opere/figura.tex?line=3");
    const view = await editorView();
    await waitFor(() =>
      expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(3),
    );
    expect(view.state.selection.main.head).toBe(view.state.doc.line(3).from);
    const flashed = document.querySelector(".cm-flashLine");
    expect(flashed?.textContent).toBe("\\Unit Testo \\VV{{A:uno}{B:due}}.");
  });

  it("shows the last compiles' diagnostics of this file in the gutter, underlined", async () => {
    fakeServer({});
    useRunStore.getState().record({
      request: {
        source: "/Opere/main.tex",
        tool: "pdflatex",
        destination: "/Opere",
        commandline: "",
        override: true,
      },
      result: m2hvResult({
        diagnostics: [
          { file: SOURCE, line: 4, message: "Undefined control sequence", severity: "error" },
          { file: "/Opere/main.tex", line: 1, message: "elsewhere", severity: "error" },
        ],
      }),
      at: 1,
    });
    renderEditorAt();
    const view = await editorView();
    await waitFor(() => expect(document.querySelector(".cm-lint-marker-error")).not.toBeNull());
    const found: { line: number; message: string }[] = [];
    forEachDiagnostic(view.state, (d, from) =>
      found.push({ line: view.state.doc.lineAt(from).number, message: d.message }),
    );
    expect(found).toEqual([{ line: 4, message: "Undefined control sequence" }]);
    expect(document.querySelector(".cm-lintRange-error")?.textContent).toBe("\\Unit Altro.");
  });

  it("compile saves first, runs m2hv into <stem>_m2hv, and shows its HTML beside the source", async () => {
    const server = fakeServer({ result: () => m2hvResult() });
    renderEditorAt();
    const view = await editorView();
    typeAtEnd(view, "\n% nota");
    expect(screen.queryByTestId("workbench-pane")).toBeNull();

    fireEvent.click(screen.getByTestId("workbench-compile"));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    // The first request of the file's own (the tool states are read once per session).
    const [put] = server.seen.filter((s) => s.url.pathname !== "/api/mauro/tools");
    expect(put?.method).toBe("PUT");
    expect(put?.body).toBe(view.state.doc.toString());
    expect(toolQuery(server.patches()[0]!.url)).toEqual({
      path: SOURCE,
      action: "mauro:m2hv",
      destination: "/Opere/figura_m2hv",
      commandline: "",
      override: "true",
    });

    await waitFor(() => expect(frame()).toBeTruthy());
    const at = useRunStore.getState().lastRuns[SOURCE]!.at;
    expect(frame().getAttribute("src")).toBe(
      `/api/raw-inline/Opere/figura_m2hv/index.html?v=${at}`,
    );
    expect(frame().getAttribute("sandbox")).toBe("allow-scripts allow-forms");
  });

  it("Ctrl+Enter reruns the last tool with the last options and reloads the pane", async () => {
    const server = fakeServer({ result: () => m2hvResult() });
    useRunStore.getState().record({
      request: {
        source: SOURCE,
        tool: "m2hv",
        destination: "/Opere/uscita",
        commandline: "-v -l1",
        override: false,
      },
      result: m2hvResult({ output: "/Opere/uscita/index.html" }),
      at: 1,
    });
    renderEditorAt();
    const view = await editorView();
    expect(frame().getAttribute("src")).toBe("/api/raw-inline/Opere/uscita/index.html?v=1");

    ctrlEnter(view.contentDOM);
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url)).toEqual({
      path: SOURCE,
      action: "mauro:m2hv",
      destination: "/Opere/uscita",
      commandline: "-v -l1",
      override: "true",
    });
    // No unsaved changes: nothing saved before the run.
    expect(server.seen.filter((s) => s.method === "PUT")).toHaveLength(0);
    await waitFor(() => expect(frame().getAttribute("src")).not.toMatch(/\?v=1$/));
    expect(frame().getAttribute("src")).toMatch(
      /^\/api\/raw-inline\/Opere\/figura_m2hv\/index\.html\?v=\d+$/,
    );
    // Ctrl+Enter did not insert a line.
    expect(view.state.doc.lines).toBe(5);
  });

  it("after pdflatex the pane shows the PDF in the app's viewer beside the source", async () => {
    fakeServer({
      result: () => ({ log: "/Opere/pdflatex.OUT.log", exitCode: 0, ok: true, diagnostics: [] }),
    });
    useRunStore.getState().record({
      request: {
        source: SOURCE,
        tool: "pdflatex",
        destination: "/Opere",
        commandline: "",
        override: false,
      },
      result: { log: "/Opere/pdflatex.OUT.log", exitCode: 0, ok: true, diagnostics: [] },
      at: 5,
    });
    renderEditorAt();
    await editorView();
    expect(screen.getByTestId("workbench-compile").dataset.tool).toBe("pdflatex");
    const viewer = screen.getByTestId("pdf-stand-in");
    expect(viewer.dataset.path).toBe("/Opere/figura.pdf");
    expect(viewer.dataset.version).toBe("5");
    expect(screen.queryByTestId("workbench-frame")).toBeNull();
    // The raw file stays one click away.
    expect(screen.getByTestId("workbench-pane-open").getAttribute("href")).toBe(
      "/api/raw/Opere/figura.pdf?inline=true",
    );

    fireEvent.click(screen.getByTestId("workbench-pane-toggle"));
    expect(screen.queryByTestId("workbench-pane")).toBeNull();
    fireEvent.click(screen.getByTestId("workbench-pane-toggle"));
    expect(screen.getByTestId("pdf-stand-in")).toBeTruthy();
  });

  it("shows the running state, and a click cancels the run without an error", async () => {
    const server = fakeServer({ hold: true });
    useRunStore.getState().record({
      request: {
        source: SOURCE,
        tool: "m2hv",
        destination: "/Opere/x",
        commandline: "",
        override: true,
      },
      result: m2hvResult({ output: "/Opere/x/index.html" }),
      at: 2,
    });
    renderEditorAt();
    await editorView();
    const button = screen.getByTestId("workbench-compile");
    fireEvent.click(button);
    await waitFor(() => expect(button.dataset.state).toBe("running"));
    expect(button.getAttribute("aria-label")).toBe("Cancel compile");
    expect(screen.getByTestId("workbench-pane").getAttribute("aria-busy")).toBe("true");
    expect(server.patches()).toHaveLength(1);

    fireEvent.click(button);
    await waitFor(() => expect(button.dataset.state).toBe("idle"));
    await act(() => Promise.resolve());
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(useRunStore.getState().lastRuns[SOURCE]?.at).toBe(2);
    expect(screen.getByTestId("workbench-pane").getAttribute("aria-busy")).toBe("false");
  });

  it("a run that failed shows no stale page, but says so and links to its log", async () => {
    fakeServer({});
    useRunStore.getState().record({
      request: {
        source: SOURCE,
        tool: "m2hv",
        destination: "/Opere/figura_m2hv",
        commandline: "",
        override: true,
      },
      result: {
        log: "/Opere/figura_m2hv/m2hv.OUT.log",
        exitCode: 0,
        ok: false,
        diagnostics: [{ file: SOURCE, line: 3, message: "parentesi graffa", severity: "error" }],
      },
      at: 7,
    });
    renderEditorAt();
    await editorView();
    expect(screen.queryByTestId("workbench-frame")).toBeNull();
    expect(screen.getByTestId("workbench-no-output").textContent).toBe(
      "The compile reported errors and wrote no output.",
    );
    expect(screen.getByTestId("workbench-open-log").getAttribute("href")).toBe(
      "/files/Opere/figura_m2hv/m2hv.OUT.log",
    );
  });

  it("offers no compile for files other than .tex", async () => {
    fakeServer({});
    renderEditorAt("/files/Opere/figura.tex", texFile({ name: "figura.txt", extension: ".txt" }));
    await editorView();
    expect(screen.queryByTestId("workbench-compile")).toBeNull();
    expect(document.querySelector(".cm-gutter-lint")).toBeNull();
  });
});
