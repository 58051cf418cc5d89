import type { Resource } from "@scriptorium/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRunStore } from "../../state/run-store";
import { renderAt, resetTools, tree } from "./tools-test-harness";

function textFile(path: string, content: string): Resource {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return {
    path,
    name,
    size: content.length,
    extension: name.slice(name.lastIndexOf(".")),
    modified: "2026-11-23T10:00:00Z",
    mode: 420,
    isDir: false,
    isSymlink: false,
    type: "text",
    content,
  };
}

const M2HV_LOG = [
  "EXECUTING: m2hv -s A ./Varia.TEX",
  "SOURCE: /Opere/Varia.TEX",
  "----",
  "ERRORE:",
  "Varia.TEX:12: Testimone non dichiarato: D",
  "Varia.TEX:30: Variante vuota",
  "fine",
  "",
].join("\n");

const PDFLATEX_LOG = [
  "EXECUTING: pdflatex -interaction=nonstopmode -file-line-error -no-shell-escape b.tex",
  "SOURCE: /Opere/b.tex",
  "----",
  "! Undefined control sequence.",
  "l.7 \\foo",
  "",
].join("\n");

beforeEach(() => {
  resetTools();
  tree["/Opere/Varia_m2hv/m2hv.OUT.log"] = textFile("/Opere/Varia_m2hv/m2hv.OUT.log", M2HV_LOG);
  tree["/Opere/pdflatex.OUT.log"] = textFile("/Opere/pdflatex.OUT.log", PDFLATEX_LOG);
  tree["/Opere/Varia.TEX"] = textFile("/Opere/Varia.TEX", "\\ElencoTestimoni{A/B}\n");
});
afterEach(() => vi.unstubAllGlobals());

const diagnostics = () => screen.getAllByTestId<HTMLAnchorElement>("tool-log-diagnostic");

describe("tool log viewer", () => {
  it("lists the diagnostics as links to the source's line, with a count", async () => {
    renderAt("/files/Opere/Varia_m2hv/m2hv.OUT.log");
    expect(await screen.findByTestId("tool-log")).toBeTruthy();
    expect(screen.getByTestId("tool-log-text").textContent).toBe(M2HV_LOG);
    expect(screen.getByTestId("tool-log-summary").textContent).toBe("Errors: 1, warnings: 1");
    expect(diagnostics().map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Varia.TEX:12: Testimone non dichiarato: D", "/files/Opere/Varia.TEX?line=12"],
      ["Varia.TEX:30: Variante vuota", "/files/Opere/Varia.TEX?line=30"],
    ]);
    const items = diagnostics().map((a) => a.closest("li")?.dataset.severity);
    expect(items).toEqual(["error", "warning"]);
    // Read-only: no editor, no save.
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("opens m2hv's index.html inline in a new tab, and the source in the app", async () => {
    renderAt("/files/Opere/Varia_m2hv/m2hv.OUT.log");
    const output = await screen.findByTestId<HTMLAnchorElement>("tool-log-output");
    expect(output.getAttribute("href")).toBe("/api/raw-inline/Opere/Varia_m2hv/index.html");
    expect(output.target).toBe("_blank");
    expect(output.rel).toContain("noopener");
    expect(screen.getByTestId("tool-log-source").getAttribute("href")).toBe(
      "/files/Opere/Varia.TEX",
    );
  });

  it("hides the output when the last run of this log wrote none", async () => {
    useRunStore.getState().record({
      request: {
        source: "/Opere/Varia.TEX",
        tool: "m2hv",
        destination: "/Opere/Varia_m2hv",
        commandline: "",
        override: false,
      },
      result: { log: "/Opere/Varia_m2hv/m2hv.OUT.log", exitCode: 0, ok: false, diagnostics: [] },
      at: 1,
    });
    renderAt("/files/Opere/Varia_m2hv/m2hv.OUT.log");
    await screen.findByTestId("tool-log");
    expect(screen.queryByTestId("tool-log-output")).toBeNull();
  });

  it("places TeX's own errors (! … l.NN) and links pdflatex's PDF", async () => {
    renderAt("/files/Opere/pdflatex.OUT.log");
    await screen.findByTestId("tool-log");
    expect(diagnostics().map((a) => a.getAttribute("href"))).toEqual(["/files/Opere/b.tex?line=7"]);
    expect(screen.getByTestId("tool-log-summary").textContent).toBe("Errors: 1, warnings: 0");
    expect(screen.getByTestId("tool-log-output").getAttribute("href")).toBe("/files/Opere/b.pdf");
  });

  it("follows a diagnostic into the source at its line", async () => {
    const { router } = renderAt("/files/Opere/Varia_m2hv/m2hv.OUT.log");
    await screen.findByTestId("tool-log");
    fireEvent.click(diagnostics()[1] as HTMLAnchorElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/Varia.TEX"));
    expect(router.state.location.search).toBe("?line=30");
  });
});
