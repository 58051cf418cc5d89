import type { ToolRunResult, ToolStates } from "@scriptorium/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { usePromptStore } from "../../prompts";
import { useAuthStore } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { useToastStore } from "../../state/toast-store";
import {
  editorView,
  fakeServer,
  renderEditorAt,
  stubLayout,
  texFile,
  toolQuery,
  USER,
} from "./test-harness";
import { useWorkbenchStore } from "./workbench-store";

/** Issue 30: Compile picks the file's profile; the menu beside it offers what is installed. */

const SOURCE = "/Opere/figura.tex";
const LATEX = "% a letter\n\\documentclass{article}\n\\begin{document}\nCiao\n\\end{document}\n";

const states = (missing: string[]): ToolStates => ({
  sandbox: "sandboxed",
  tools: ["m2hv", "m2lv", "m2ledmac", "pdflatex", "m2lv-pdf", "m2ledmac-pdf"].map((name) => ({
    name,
    kind: name.endsWith("-pdf") ? "pdf-pipeline" : name === "pdflatex" ? "beside-source" : "folder",
    enabled: true,
    installed: !missing.includes(name),
  })),
});

/** What a run answers: its log and its output, as the server names them. */
function answer(url: URL): ToolRunResult {
  const { action, destination } = toolQuery(url);
  const tool = (action ?? "").replace("mauro:", "");
  if (tool === "pdflatex") {
    return {
      log: "/Opere/figura.pdflatex.log",
      exitCode: 0,
      ok: true,
      diagnostics: [],
      output: "/Opere/figura.pdf",
    };
  }
  return {
    log: `${destination}/figura.${tool}.log`,
    exitCode: 0,
    ok: true,
    diagnostics: [],
    output: tool === "m2hv" ? `${destination}/index.html` : `${destination}/figura.pdf`,
  };
}

const compileButton = () => screen.getByTestId("workbench-compile");

beforeAll(stubLayout);

beforeEach(() => {
  localStorage.clear();
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
  useRunStore.setState({ lastRuns: {}, running: null });
  useWorkbenchStore.setState({ paneHidden: false });
  useAuthStore.getState().setSession("jwt", USER);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe("compile profiles", () => {
  it("a LaTeX file never compiled runs pdflatex, even with m2hv not installed, and shows the PDF", async () => {
    const server = fakeServer({ result: answer, toolStates: states(["m2hv"]) });
    renderEditorAt(undefined, texFile({ content: LATEX, size: LATEX.length }));
    await editorView();
    expect(compileButton().dataset.profile).toBe("latex");
    expect(compileButton().dataset.tool).toBe("pdflatex");
    fireEvent.click(compileButton());
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url)).toMatchObject({
      path: SOURCE,
      action: "mauro:pdflatex",
    });
    const pane = await screen.findByTestId("workbench-pane");
    expect(pane.textContent).toContain("figura.pdf");
  });

  it("a Mauro-TeX file runs m2hv", async () => {
    fakeServer({ result: answer, toolStates: states([]) });
    renderEditorAt();
    await editorView();
    expect(compileButton().dataset.profile).toBe("html");
  });

  it("the menu marks a profile whose tool is missing, and a profile picked runs and is kept", async () => {
    const server = fakeServer({ result: answer, toolStates: states(["m2hv", "m2ledmac-pdf"]) });
    renderEditorAt();
    await editorView();
    fireEvent.click(screen.getByTestId("workbench-profile-toggle"));
    const menu = await screen.findByTestId("workbench-profile-menu");
    await waitFor(() =>
      expect(within(menu).getByTestId("workbench-profile-html").dataset.availability).toBe(
        "missing",
      ),
    );
    const html = within(menu).getByTestId<HTMLButtonElement>("workbench-profile-html");
    expect(html.disabled).toBe(true);
    expect(html.textContent).toContain("not installed");
    expect(
      within(menu).getByTestId<HTMLButtonElement>("workbench-profile-pdf-m2ledmac").disabled,
    ).toBe(true);
    expect(html.getAttribute("aria-checked")).toBe("true");
    // How to install: the README's section, and for a user who is no admin, ask one.
    const how = within(menu).getByTestId("workbench-profile-how").textContent;
    expect(how).toContain("Edition tools");
    expect(how).toContain("Ask an administrator");
    // The file's profile (HTML) is missing: the button says so.
    expect(compileButton().title).toBe("m2hv is not installed: pick another profile");

    fireEvent.click(within(menu).getByTestId("workbench-profile-pdf-m2lv"));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url)).toMatchObject({
      action: "mauro:m2lv-pdf",
      destination: "/Opere/figura_m2lv-pdf",
      override: "true",
    });
    await waitFor(() => expect(compileButton().dataset.profile).toBe("pdf-m2lv"));
    const pane = await screen.findByTestId("workbench-pane");
    expect(pane.textContent).toContain("figura.pdf");

    // A new session (no run in memory): the profile kept for this file is the one run.
    useRunStore.setState({ lastRuns: {}, running: null });
    await waitFor(() => expect(compileButton().dataset.profile).toBe("pdf-m2lv"));
    fireEvent.click(compileButton());
    await waitFor(() => expect(server.patches()).toHaveLength(2));
    expect(toolQuery(server.patches()[1]!.url).action).toBe("mauro:m2lv-pdf");
  });

  it("keeps the profile per user: another user starts from the content", async () => {
    fakeServer({ result: answer, toolStates: states([]) });
    localStorage.setItem(
      "scriptorium.compileProfiles",
      JSON.stringify({
        [`${USER.id + 1}:${SOURCE}`]: "pdf-m2ledmac",
        [`${USER.id}:/x.tex`]: "latex",
      }),
    );
    renderEditorAt();
    await editorView();
    expect(compileButton().dataset.profile).toBe("html");
  });
});
