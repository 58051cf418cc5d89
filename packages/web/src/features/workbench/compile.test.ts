import type { ToolRunResult } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import type { ToolRunRequest } from "../../api/tools-api";
import { compileProfileOf, compileRequest, outputOf, witnessViewOf } from "./compile";
import { outputKind } from "./output-url";

const request = (patch: Partial<ToolRunRequest> = {}): ToolRunRequest => ({
  source: "/Opere/Varia.De.Centris.TEX",
  tool: "m2hv",
  destination: "/Opere/uscita",
  commandline: "",
  override: false,
  ...patch,
});
const result = (patch: Partial<ToolRunResult> = {}): ToolRunResult => ({
  log: "/Opere/uscita/m2hv.OUT.log",
  exitCode: 0,
  ok: true,
  diagnostics: [],
  ...patch,
});

describe("what the workbench compiles and shows", () => {
  it("compiles a file never compiled with its profile's tool into <stem>_<tool> beside it", () => {
    expect(compileRequest("/Opere/Varia.De.Centris.TEX", "html", undefined)).toEqual({
      source: "/Opere/Varia.De.Centris.TEX",
      tool: "m2hv",
      destination: "/Opere/Varia.De.Centris_m2hv",
      commandline: "",
      override: true,
    });
    expect(compileRequest("/solo.tex", "html", undefined).destination).toBe("/solo_m2hv");
    expect(compileRequest("/Opere/a.tex", "pdf-m2lv", undefined)).toMatchObject({
      tool: "m2lv-pdf",
      destination: "/Opere/a_m2lv-pdf",
    });
    expect(compileRequest("/Opere/a.tex", "pdf-m2ledmac", undefined).destination).toBe(
      "/Opere/a_m2ledmac-pdf",
    );
    // pdflatex writes beside the source.
    expect(compileRequest("/Opere/a.tex", "latex", undefined)).toMatchObject({
      tool: "pdflatex",
      destination: "/Opere/",
    });
  });

  it("reruns the last request of the profile's tool, overwriting; another tool's is not rerun", () => {
    const last = {
      request: request({ tool: "m2lv-pdf", commandline: "-p epistolario", destination: "/x" }),
      result: result(),
      at: 1,
    };
    expect(compileRequest(last.request.source, "pdf-m2lv", last)).toEqual({
      ...last.request,
      override: true,
    });
    expect(compileRequest(last.request.source, "html", last)).toMatchObject({
      tool: "m2hv",
      commandline: "",
      destination: "/Opere/Varia.De.Centris_m2hv",
    });
  });

  it("picks the profile: the last run's, else the one kept, else from the content", () => {
    const latex = () => "\\documentclass{article}\n\\begin{document}x\\end{document}\n";
    const mauro = () => "\\ElencoTestimoni{A/B}\n\\htmlcut\n";
    expect(compileProfileOf(undefined, undefined, latex)).toBe("latex");
    expect(compileProfileOf(undefined, undefined, mauro)).toBe("html");
    expect(compileProfileOf(undefined, "pdf-m2ledmac", latex)).toBe("pdf-m2ledmac");
    const ran = (tool: string) => ({ request: request({ tool }), result: result(), at: 1 });
    expect(compileProfileOf(ran("pdflatex"), "html", mauro)).toBe("latex");
    expect(compileProfileOf(ran("m2lv-pdf"), undefined, latex)).toBe("pdf-m2lv");
    // A tool that is no profile's (m2lv alone) leaves the profile as it was.
    expect(compileProfileOf(ran("m2lv"), undefined, latex)).toBe("latex");
  });

  it("shows the output the server names, else the page the run makes", () => {
    expect(
      outputOf({ request: request(), result: result({ output: "/Opere/uscita/x.htm" }) }),
    ).toBe("/Opere/uscita/x.htm");
    expect(outputOf({ request: request(), result: result() })).toBe("/Opere/uscita/index.html");
    expect(outputOf({ request: request({ commandline: "-v -s L2" }), result: result() })).toBe(
      "/Opere/uscita/Varia.De.Centris-1-L2-s.htm",
    );
    expect(outputOf({ request: request({ commandline: "-c A,B base" }), result: result() })).toBe(
      "/Opere/uscita/Varia.De.Centris-1d.htm",
    );
    expect(outputOf({ request: request({ tool: "pdflatex" }), result: result() })).toBe(
      "/Opere/Varia.De.Centris.pdf",
    );
    expect(outputOf({ request: request({ tool: "m2ledmac" }), result: result() })).toBeNull();
    expect(outputOf({ request: request(), result: result({ ok: false }) })).toBeNull();
  });

  it("reads the witness view of a command line", () => {
    expect(witnessViewOf("-t A+")).toEqual({ view: "text", siglum: "A+" });
    expect(witnessViewOf("-b -e N2")).toEqual({ view: "discordances", siglum: "N2" });
    expect(witnessViewOf("-v -l1")).toBeNull();
  });

  it("shows HTML and PDF in the pane, in any letter case, and nothing else", () => {
    expect(outputKind("/a/index.html")).toBe("html");
    expect(outputKind("/a/x-1f.HTM")).toBe("html");
    expect(outputKind("/a/x.PDF")).toBe("pdf");
    expect(outputKind("/a/x.m.tex")).toBeNull();
  });
});
