import type { Resource } from "@scriptorium/shared";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
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

// What the server writes for pdflatex on "con errore.tex" (real TeX output, trimmed): an error in
// the source (a name with a space), one in a style file beside it, one in a support folder's.
const TEX_LOG = [
  "EXECUTING: pdflatex -interaction=nonstopmode -file-line-error -no-shell-escape -synctex=1 ./con errore.tex",
  "SOURCE: /Opere/con errore.tex",
  "----",
  "This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)",
  "(./con errore.tex",
  "LaTeX2e <2022-11-01> patch level 1",
  "(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls",
  "Document Class: article 2022/07/02 v1.4n Standard LaTeX document class",
  "(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo)) (./mystyle.sty",
  "./mystyle.sty:4: Undefined control sequence.",
  "l.4 \\badmacroinstyle",
  "                    ",
  ") (/srv/support/mauro.sty Mauro-TeX",
  "/srv/support/mauro.sty:7: Undefined control sequence.",
  "l.7 \\oops",
  "          ",
  ")",
  "./con errore.tex:5: Undefined control sequence.",
  "l.5 \\undefinedmacro",
  "                   ",
  "[1] (./con errore.aux) )",
  'Output written on "con errore.pdf" (1 page, 24543 bytes).',
  "---- exit code 1",
  "",
].join("\n");

const logItem = (name: string, modified: string): Resource => ({
  ...textFile(`/Opere/${name}`, ""),
  modified,
});

describe("tool log viewer: diagnostics in any file, kept logs", () => {
  beforeEach(() => {
    tree["/Opere/con errore.pdflatex.log"] = textFile("/Opere/con errore.pdflatex.log", TEX_LOG);
  });

  it("links the source (a name with a space) and a style file at their lines; a support file's error is text", async () => {
    renderAt("/files/Opere/con%20errore.pdflatex.log");
    await screen.findByTestId("tool-log");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Log of pdflatex");
    expect(screen.getByTestId("tool-log-summary").textContent).toBe("Errors: 3, warnings: 0");
    const entries = screen.getAllByTestId("tool-log-diagnostic");
    expect(entries.map((e) => [e.tagName, e.textContent, e.getAttribute("href")])).toEqual([
      ["A", "mystyle.sty:4: Undefined control sequence.", "/files/Opere/mystyle.sty?line=4"],
      ["SPAN", "mauro.sty:7: Undefined control sequence.", null],
      [
        "A",
        "con errore.tex:5: Undefined control sequence.",
        "/files/Opere/con%20errore.tex?line=5",
      ],
    ]);
    expect(entries[1]?.getAttribute("title")).toBe("Outside your files: no link");
    expect(screen.getByTestId("tool-log-output").getAttribute("href")).toBe(
      "/files/Opere/con%20errore.pdf",
    );
  });

  it("says the run failed when it found no message to place, and 'no errors' only when there are none", async () => {
    tree["/Opere/a.pdflatex.log"] = textFile(
      "/Opere/a.pdflatex.log",
      "EXECUTING: pdflatex ./a.tex\nSOURCE: /Opere/a.tex\n----\nsomething odd\n---- exit code 1\n",
    );
    tree["/Opere/b.pdflatex.log"] = textFile(
      "/Opere/b.pdflatex.log",
      "EXECUTING: pdflatex ./b.tex\nSOURCE: /Opere/b.tex\n----\n(./b.tex [1] )\nOutput written on b.pdf.\n",
    );
    renderAt("/files/Opere/a.pdflatex.log");
    expect((await screen.findByTestId("tool-log-summary")).textContent).toBe(
      "The run failed, and no message could be placed in a file: see the log below.",
    );
    cleanup();
    renderAt("/files/Opere/b.pdflatex.log");
    expect((await screen.findByTestId("tool-log-summary")).textContent).toBe(
      "No errors or warnings.",
    );
  });

  it("lists the other kept logs of the same source and tool, newest first, with their dates", async () => {
    tree["/Opere/"] = {
      ...textFile("/Opere/", ""),
      name: "Opere",
      isDir: true,
      type: "",
      items: [
        logItem("con errore.pdflatex.2.log", "2026-11-20T08:00:00Z"),
        logItem("con errore.pdflatex.log", "2026-11-22T10:00:00Z"),
        logItem("con errore.m2hv.log", "2026-11-22T11:00:00Z"),
        logItem("con errore.pdflatex.1.log", "2026-11-21T09:00:00Z"),
        logItem("altro.pdflatex.log", "2026-11-22T12:00:00Z"),
        logItem("con errore.tex", "2026-11-22T12:00:00Z"),
      ],
    };
    tree["/Opere/con errore.pdflatex.1.log"] = textFile(
      "/Opere/con errore.pdflatex.1.log",
      TEX_LOG,
    );
    const { router } = renderAt("/files/Opere/con%20errore.pdflatex.log");
    const history = await screen.findByTestId("tool-log-history");
    const items = [...history.querySelectorAll("li")];
    expect(items).toHaveLength(3);
    expect(items[0]?.querySelector("[aria-current=page]")?.getAttribute("title")).toMatch(
      /^con errore\.pdflatex\.log · /,
    );
    const links = screen.getAllByTestId<HTMLAnchorElement>("tool-log-history-link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/files/Opere/con%20errore.pdflatex.1.log",
      "/files/Opere/con%20errore.pdflatex.2.log",
    ]);
    expect(links[0]?.textContent).toMatch(/2026/);
    fireEvent.click(links[0] as HTMLAnchorElement);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/files/Opere/con%20errore.pdflatex.1.log"),
    );
    await waitFor(() =>
      expect(screen.getByTestId("tool-log-history-current").getAttribute("title")).toMatch(
        /^con errore\.pdflatex\.1\.log · /,
      ),
    );
  });
});
