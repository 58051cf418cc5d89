import type { ToolRunResult } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import type { ToolRunRequest } from "../../api/tools-api";
import { compileRequest, outputOf, witnessViewOf } from "./compile";
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
  it("compiles a file never compiled with m2hv into <stem>_m2hv beside it", () => {
    expect(compileRequest("/Opere/Varia.De.Centris.TEX", undefined)).toEqual({
      source: "/Opere/Varia.De.Centris.TEX",
      tool: "m2hv",
      destination: "/Opere/Varia.De.Centris_m2hv",
      commandline: "",
      override: true,
    });
    expect(compileRequest("/solo.tex", undefined).destination).toBe("/solo_m2hv");
  });

  it("reruns the last request, overwriting", () => {
    const last = {
      request: request({ tool: "m2lv", commandline: "-p epistolario" }),
      result: result(),
      at: 1,
    };
    expect(compileRequest(last.request.source, last)).toEqual({ ...last.request, override: true });
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
