import { openSearchPanel } from "@codemirror/search";
import { EditorView } from "@codemirror/view";
import type { Resource, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import type * as ClientModule from "../../api/client";
import { StatusError } from "../../api/errors";
import { applyLocale } from "../../i18n";
import { useAuthStore } from "../../state/auth-store";
import { PromptHost, usePromptStore } from "../../prompts";
import "../../app/register-prompts";
import "../../app/file-views";
import { useToastStore } from "../../state/toast-store";
import { Editor } from "./Editor";
import { useOutlineStore } from "./outline-store";
import { pressEscape } from "../../test/press-escape";

vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof ClientModule>()),
  apiCall: vi.fn(),
}));
const mockedApiCall = vi.mocked(apiCall);

// jsdom does no layout; CodeMirror measures text ranges for the cursor and the selection.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Object.assign(Range.prototype, {
    getClientRects: emptyRects,
    getBoundingClientRect: () => new DOMRect(),
  });
});

const USER: TokenUser = {
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

const resource = (patch: Partial<Resource> = {}): Resource => ({
  path: "/Opere/figura.tex",
  name: "figura.tex",
  size: 27,
  extension: ".tex",
  modified: "2024-10-04T22:08:29.123456789+02:00",
  mode: 420,
  isDir: false,
  isSymlink: false,
  type: "text",
  content: "\\Unit Testo di riempimento.",
  ...patch,
});

/** /files/… shows the editor for the file, a stand-in for the folder listing otherwise. */
function FilesStandIn({ file }: { file: Resource }) {
  const { pathname } = useLocation();
  return pathname.endsWith("/") ? (
    <p data-testid="folder">{pathname}</p>
  ) : (
    <Editor resource={file} />
  );
}

function renderEditor(file = resource()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "/files/*",
        element: (
          <>
            <FilesStandIn file={file} />
            <PromptHost />
          </>
        ),
      },
    ],
    { initialEntries: ["/files/Opere/", "/files/Opere/figura.tex"], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

async function editorView(): Promise<EditorView> {
  const content = await waitFor(() => {
    const element = document.querySelector<HTMLElement>(".cm-content");
    if (!element) throw new Error("CodeMirror is not there yet");
    return element;
  });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error("no view");
  return view;
}

function type(view: EditorView, text: string) {
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }));
}

describe("editor", () => {
  beforeEach(() => {
    mockedApiCall.mockReset();
    usePromptStore.setState({ prompts: [] });
    useToastStore.setState({ toasts: [] });
    useAuthStore.getState().setSession("jwt", USER);
  });
  afterEach(() => useAuthStore.getState().clear());

  it("shows the file's text, its name and the save button", async () => {
    renderEditor();
    const view = await editorView();
    expect(view.state.doc.toString()).toBe("\\Unit Testo di riempimento.");
    expect(screen.getByRole("heading", { name: "figura.tex" })).toBeTruthy();
    expect(screen.getByTestId("editor-save").dataset.state).toBe("idle");
    expect(screen.queryByTestId("editor-dirty")).toBeNull();
  });

  it("an empty file (no content field) opens empty", async () => {
    renderEditor(resource({ content: undefined, size: 0 }));
    expect((await editorView()).state.doc.length).toBe(0);
  });

  it("marks unsaved changes, and clears the mark when the edit is undone", async () => {
    renderEditor();
    const view = await editorView();
    type(view, " Altro.");
    expect(screen.getByTestId("editor-dirty")).toBeTruthy();
    act(() =>
      view.dispatch({ changes: { from: view.state.doc.length - 7, to: view.state.doc.length } }),
    );
    expect(screen.queryByTestId("editor-dirty")).toBeNull();
  });

  it("closing without changes goes straight to the folder", async () => {
    const { router } = renderEditor();
    await editorView();
    fireEvent.click(screen.getByTestId("editor-close"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/"));
    expect(screen.queryByTestId("prompt-discard")).toBeNull();
  });

  it("closing with changes asks; cancel stays, discard goes to the folder", async () => {
    const { router } = renderEditor();
    type(await editorView(), " Altro.");

    fireEvent.click(screen.getByTestId("editor-close"));
    await screen.findByTestId("prompt-discard");
    fireEvent.click(screen.getByTestId("prompt-discard-cancel"));
    await waitFor(() => expect(screen.queryByTestId("prompt-discard")).toBeNull());
    expect(router.state.location.pathname).toBe("/files/Opere/figura.tex");
    expect(screen.getByTestId("editor-dirty")).toBeTruthy();

    fireEvent.click(screen.getByTestId("editor-close"));
    await screen.findByTestId("prompt-discard");
    fireEvent.click(screen.getByTestId("prompt-discard-confirm"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/"));
    expect(screen.queryByTestId("prompt-discard")).toBeNull();
    // Nothing saved (the workbench reads the tool states once; that is no save).
    expect(mockedApiCall.mock.calls.filter(([route]) => route !== "toolStates")).toEqual([]);
  });

  it("Escape on the prompt cancels, and the browser's back button is guarded too", async () => {
    const { router } = renderEditor();
    type(await editorView(), "!");
    act(() => void router.navigate(-1));
    await screen.findByTestId("prompt-discard");
    pressEscape();
    await waitFor(() => expect(screen.queryByTestId("prompt-discard")).toBeNull());
    expect(router.state.location.pathname).toBe("/files/Opere/figura.tex");
  });

  it("warns before the tab is closed while there are unsaved changes", async () => {
    renderEditor();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    type(await editorView(), "!");
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it("Ctrl+S saves the text with PUT, shows saving then saved, and clears the mark", async () => {
    let finish: () => void = () => undefined;
    mockedApiCall.mockImplementation(
      () => new Promise((resolve) => (finish = () => resolve(undefined))),
    );
    const { router } = renderEditor();
    type(await editorView(), " Altro.");

    const event = new KeyboardEvent("keydown", { key: "s", ctrlKey: true, cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(mockedApiCall).toHaveBeenCalledWith("saveResource", {
      path: "/Opere/figura.tex",
      rawBody: "\\Unit Testo di riempimento. Altro.",
    });
    expect(screen.getByTestId("editor-save").dataset.state).toBe("saving");

    await act(() => {
      finish();
      return Promise.resolve();
    });
    expect(screen.getByTestId("editor-save").dataset.state).toBe("saved");
    expect(screen.queryByTestId("editor-dirty")).toBeNull();

    // Saved: closing no longer asks.
    fireEvent.click(screen.getByTestId("editor-close"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/"));
  });

  it("a failed save shows the error and keeps the changes", async () => {
    mockedApiCall.mockRejectedValue(new StatusError("You don't have permissions", 403));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderEditor();
    type(await editorView(), "!");
    fireEvent.click(screen.getByTestId("editor-save"));
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      kind: "error",
      message: "You don't have permissions",
    });
    expect(screen.getByTestId("editor-save").dataset.state).toBe("idle");
    expect(screen.getByTestId("editor-dirty")).toBeTruthy();
  });

  it("textImmutable is read-only, without a save button", async () => {
    renderEditor(resource({ type: "textImmutable" }));
    const view = await editorView();
    expect(view.state.readOnly).toBe(true);
    expect(screen.queryByTestId("editor-save")).toBeNull();
    expect(screen.getByTestId("editor-readonly")).toBeTruthy();
  });

  it("speaks the user's language in CodeMirror's search panel", async () => {
    await applyLocale("it");
    try {
      renderEditor();
      const view = await editorView();
      act(() => void openSearchPanel(view));
      expect(document.querySelector<HTMLInputElement>(".cm-search input")?.placeholder).toBe(
        "Trova",
      );
    } finally {
      await applyLocale("en");
    }
  });

  it("highlights a .tex file as Mauro-TeX: the edition's macros and the sigla of readings", async () => {
    renderEditor(resource({ content: "\\Unit Testo \\VV{{A/B:uno}{C:due}} \\textit{x}" }));
    await editorView();
    await waitFor(() => expect(document.querySelector(".cm-mauro-macro")).not.toBeNull());
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.textContent);
    expect(texts(".cm-mauro-macro")).toEqual(["\\Unit", "\\VV"]);
    expect(texts(".cm-mauro-sigla")).toEqual(["A/B", "C"]);
  });

  it("offers Open inline only for .html/.htm files", async () => {
    renderEditor(resource({ path: "/site/Index.HTML", name: "Index.HTML", extension: ".HTML" }));
    await editorView();
    expect(screen.getByTestId("editor-open-inline").getAttribute("href")).toBe(
      "/api/raw-inline/site/Index.HTML",
    );
  });
  it("a Mauro-TeX file has an outline panel, its toggle remembered across visits", async () => {
    useOutlineStore.getState().setOpen(false);
    const first = renderEditor();
    await editorView();
    const toggle = screen.getByTestId("editor-outline-toggle");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByTestId("editor-outline")).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId("editor-outline").getAttribute("aria-label")).toBe("Outline");
    expect(localStorage.getItem("scriptorium.editor.outlineOpen")).toBe("true");
    first.router.dispose();
    cleanup();

    renderEditor();
    await editorView();
    expect(screen.getByTestId("editor-outline")).toBeTruthy();
    fireEvent.click(screen.getByTestId("editor-outline-close"));
    expect(screen.queryByTestId("editor-outline")).toBeNull();
    expect(localStorage.getItem("scriptorium.editor.outlineOpen")).toBe("false");
  });

  it("other files have no outline", async () => {
    renderEditor(resource({ path: "/Opere/note.md", name: "note.md", extension: ".md" }));
    await editorView();
    expect(screen.queryByTestId("editor-outline-toggle")).toBeNull();
  });
});
