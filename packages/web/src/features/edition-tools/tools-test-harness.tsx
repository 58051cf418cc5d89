import type { Resource, ToolRunResult, ToolStates } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import "../../app/register-actions";
import { useActionContext, useActionShortcuts } from "../../actions";
import "../../app/register-prompts";
import "../../app/file-views";
import { useAuthStore } from "../../state/auth-store";
import { FilesPage } from "../files/FilesPage";
import { Header } from "../../app/layout/Header";
import { HeaderActions } from "../../app/layout/HeaderActions";
import { PromptHost, usePromptStore } from "../../prompts";
import { useSelectionStore } from "../../state/selection-store";
import { useRunStore } from "../../state/run-store";

/*
 * Test harness of the edition tools: the /files page with the header and the prompt host, in
 * front of a fake server reached through the real API client (only `fetch` is replaced). The
 * server answers listings and files from `tree`, the tools' states (`toolStates`), the tools'
 * help, and tool runs through `runAnswer` (each run request is kept in `runs`).
 */

/** Resources the fake server knows, by decoded path (folders end with "/"). */
export const tree: Record<string, Resource> = {};

/** The tool runs the fake server received: the url, decoded once as the browser sent it. */
export const runs: URL[] = [];

export const help: Record<string, string> = {};

const TOOL_NAMES = ["m2hv", "m2lv", "m2ledmac", "pdflatex", "m2lv-pdf", "m2ledmac-pdf"];

/** Every default tool on and installed, as `GET /api/mauro/tools` answers a user. */
export function allInstalled(): ToolStates {
  return {
    sandbox: "sandboxed",
    tools: TOOL_NAMES.map((name) => ({
      name,
      kind: name.endsWith("-pdf")
        ? "pdf-pipeline"
        : name === "pdflatex"
          ? "beside-source"
          : "folder",
      enabled: true,
      installed: true,
    })),
  };
}

/** What the fake server answers for the tool states (a test may mark tools missing). */
export let toolStates: ToolStates = allInstalled();

/** `tools` marked not installed (a pipeline with `missing` steps when given). */
export function markMissing(tools: string[], missing?: string[]) {
  toolStates = {
    ...toolStates,
    tools: toolStates.tools.map((state) =>
      tools.includes(state.name)
        ? { ...state, installed: false, ...(missing && { missing }) }
        : state,
    ),
  };
}

/** How the fake server answers the next tool run; by default a run that wrote its log. */
export let runAnswer: (url: URL, signal: AbortSignal | undefined) => Promise<Response>;

export function setRunAnswer(answer: typeof runAnswer) {
  runAnswer = answer;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function runResult(result: Partial<ToolRunResult> & { log: string }): Response {
  return json(200, { exitCode: 0, ok: true, diagnostics: [], ...result });
}

/** An answer that never comes, rejected with an AbortError when the request is aborted. */
export function pendingUntilAborted(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener("abort", () =>
      reject(new DOMException("The operation was aborted.", "AbortError")),
    );
  });
}

const fetchMock = vi.fn<typeof fetch>();

function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const href = input instanceof Request ? input.url : input.toString();
  const url = new URL(href, "http://localhost");
  const method = init?.method ?? "GET";
  const signal = init?.signal ?? undefined;
  if (url.pathname === "/api/mauro/tools") return Promise.resolve(json(200, toolStates));
  if (url.pathname.startsWith("/api/mauro/help/")) {
    const tool = decodeURIComponent(url.pathname.slice("/api/mauro/help/".length));
    const text = help[tool];
    return Promise.resolve(
      text === undefined
        ? json(404, { status: 404, code: "NOT_FOUND", message: `No tool ${tool}` })
        : new Response(text, { status: 200, headers: { "content-type": "text/plain" } }),
    );
  }
  if (url.pathname.startsWith("/api/resources")) {
    const path = decodeURIComponent(url.pathname.slice("/api/resources".length)) || "/";
    if (method === "PATCH") {
      runs.push(url);
      return runAnswer(url, signal);
    }
    const found = tree[path];
    return Promise.resolve(
      found ? json(200, found) : json(404, { status: 404, code: "NOT_FOUND", message: "gone" }),
    );
  }
  return Promise.resolve(json(404, { status: 404, code: "NOT_FOUND", message: "no route" }));
}

function Shell() {
  useActionShortcuts(useActionContext());
  return (
    <>
      <Header />
      <HeaderActions />
      <FilesPage />
      <PromptHost />
    </>
  );
}

export function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/files/*", element: <Shell /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/**
 * A fresh state: an empty tree, a logged-in user with only what running tools needs (create
 * and modify; issue 27), no selection.
 */
export function resetTools() {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  for (const key of Object.keys(tree)) delete tree[key];
  for (const key of Object.keys(help)) delete help[key];
  runs.length = 0;
  toolStates = allInstalled();
  setRunAnswer((url) => {
    const tool = (url.searchParams.get("action") ?? "").replace("mauro:", "");
    const destination = decodeURIComponent(url.searchParams.get("destination") ?? "");
    return Promise.resolve(runResult({ log: `${destination}/${tool}.OUT.log` }));
  });
  fetchMock.mockReset();
  fetchMock.mockImplementation(answer);
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.getState().setSession("token", {
    id: 2,
    username: "editor",
    locale: "en",
    viewMode: "list",
    singleClick: false,
    // Issue 27: a run writes files (create) and pdflatex rewrites its PDF (modify).
    perm: {
      admin: false,
      execute: false,
      create: true,
      rename: false,
      modify: true,
      delete: false,
      share: false,
      download: false,
      unzip: false,
    },
    commands: [],
    lockPassword: false,
    hideDotfiles: false,
    dateFormat: false,
  });
  useSelectionStore.setState({ scope: null, selected: new Set(), anchor: null, multiple: false });
  usePromptStore.setState({ prompts: [] });
  useRunStore.setState({ lastRuns: {}, running: null });
  sessionStorage.clear();
}

/**
 * The edition tools the header offers, by test id: the items of its "Edition" menu (issue 31),
 * opened if it is closed; none when the header has no such menu.
 */
export function toolButtons(): (string | undefined)[] {
  const edition = screen.queryByTestId("header-edition");
  if (!edition) return [];
  if (edition.getAttribute("aria-expanded") !== "true") fireEvent.click(edition);
  return within(screen.getByTestId("header-edition-menu"))
    .queryAllByRole("menuitem")
    .map((item) => item.dataset.testid);
}

/** Runs an edition tool from the header's "Edition" menu. */
export function clickTool(tool: string): void {
  toolButtons();
  fireEvent.click(screen.getByTestId(`action-tool-${tool}`));
}
