import type { Resource } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showPrompt } from "../../prompts";
import {
  help,
  markMissing,
  clickTool,
  renderAt,
  resetTools,
  runResult,
  runs,
  setRunAnswer,
  toolButtons,
  tree,
} from "./tools-test-harness";

/** Issue 30: only what exists is offered; a run from the editor stays in the editor. */

const MODIFIED = "2026-11-23T10:00:00Z";
const LATEX = "\\documentclass{article}\n\\begin{document}\nCiao\n\\end{document}\n";

function file(path: string, content = LATEX): Resource {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return {
    path,
    name,
    size: content.length,
    extension: name.slice(name.lastIndexOf(".")),
    modified: MODIFIED,
    mode: 420,
    isDir: false,
    isSymlink: false,
    type: "text",
    content,
  };
}

beforeEach(() => {
  resetTools();
  tree["/Opere/lettera.tex"] = file("/Opere/lettera.tex");
});
afterEach(() => vi.unstubAllGlobals());

describe("tools that are not installed", () => {
  it("are not offered in the header", async () => {
    markMissing(["m2hv", "m2ledmac-pdf"], ["m2ledmac"]);
    renderAt("/files/Opere/lettera.tex");
    await screen.findByTestId("editor");
    await waitFor(() => expect(toolButtons()).toContain("action-tool-pdflatex"));
    expect(toolButtons()).toEqual([
      "action-tool-m2lv",
      "action-tool-m2ledmac",
      "action-tool-pdflatex",
      "action-tool-m2lv-pdf",
    ]);
  });

  it("the dialog says 'not installed', with how, and neither runs nor asks for the help", async () => {
    markMissing(["m2ledmac-pdf"], ["m2ledmac"]);
    help["m2ledmac-pdf"] = "usage: m2ledmac …";
    renderAt("/files/Opere/lettera.tex");
    await screen.findByTestId("editor");
    await waitFor(() => expect(toolButtons()).toContain("action-tool-pdflatex"));
    act(() =>
      showPrompt({
        name: "editionTool",
        tool: "m2ledmac-pdf",
        source: { path: "/Opere/lettera.tex", name: "lettera.tex" },
      }),
    );
    const dialog = await screen.findByTestId("prompt-edition-tool");
    const notice = within(dialog).getByTestId("tool-not-installed");
    expect(notice.textContent).toContain("m2ledmac-pdf cannot run on this server");
    expect(notice.textContent).toContain("m2ledmac");
    expect(notice.textContent).toContain("Edition tools");
    expect(notice.textContent).toContain("Ask an administrator");
    expect(within(dialog).queryByTestId("tool-help-toggle")).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>("tool-submit").disabled).toBe(true);
    fireEvent.click(screen.getByTestId("tool-submit"));
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toHaveLength(0);
  });
});

describe("a tool run from the editor's header", () => {
  it("stays in the editor and shows its output beside the source", async () => {
    setRunAnswer(() =>
      Promise.resolve(
        runResult({ log: "/Opere/lettera.pdflatex.log", output: "/Opere/lettera.pdf" }),
      ),
    );
    const { router } = renderAt("/files/Opere/lettera.tex");
    await screen.findByTestId("editor");
    await waitFor(() => expect(toolButtons()).toContain("action-tool-pdflatex"));
    clickTool("pdflatex");
    await screen.findByTestId("prompt-edition-tool");
    await waitFor(() =>
      expect(screen.getByTestId<HTMLButtonElement>("tool-submit").disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId("tool-submit"));
    await waitFor(() => expect(screen.queryByTestId("prompt-edition-tool")).toBeNull());
    expect(runs).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/files/Opere/lettera.tex");
    const pane = await screen.findByTestId("workbench-pane");
    expect(pane.textContent).toContain("lettera.pdf");
  });
});
