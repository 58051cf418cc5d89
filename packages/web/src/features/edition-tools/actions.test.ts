import type { Resource, TokenUser } from "@scriptorium/shared";
import { describe, expect, it, vi } from "vitest";
import { actionsFor } from "../../actions";
import "../../app/register-actions";
import { toolSource } from "../../actions/tool-source";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import type { ActionContext } from "../../actions/types";

const TOOLS = ["tool-m2hv", "tool-m2lv", "tool-m2ledmac", "tool-pdflatex"];

function file(path: string): Resource {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return {
    path,
    name,
    size: 10,
    extension: name.slice(name.lastIndexOf(".")),
    modified: "2026-11-23T10:00:00Z",
    mode: 420,
    isDir: false,
    isSymlink: false,
    type: "text",
    content: "\\ElencoTestimoni{A/B}",
  };
}

/** A user with only these permissions. */
const userWith = (perm: Partial<TokenUser["perm"]>) =>
  ({ id: 2, username: "editor", perm }) as TokenUser;

/** The editor on screen: /files shows one file, and no listing selection exists. */
function inEditor(path: string): ActionContext {
  return {
    user: userWith({ create: true, modify: true }),
    current: { path, resource: file(path) },
    selected: new Set<string>(),
    selectedCount: 0,
    showPrompt: vi.fn(),
    globals: DEFAULT_GLOBALS,
  } as unknown as ActionContext;
}

const shown = (ctx: ActionContext, placement: "header" | "selection" = "header") =>
  actionsFor(placement, ctx)
    .map((action) => action.id)
    .filter((id) => TOOLS.includes(id));

describe("edition tool actions in the editor", () => {
  it("are offered for a .tex file open in the editor, in any letter case", () => {
    for (const path of ["/Opere/varia.tex", "/Opere/VARIA.TeX"]) {
      expect(toolSource(inEditor(path))).toEqual({ path, name: path.slice(7) });
      expect(shown(inEditor(path))).toEqual(TOOLS);
      expect(shown(inEditor(path), "selection")).toEqual(TOOLS);
    }
  });

  it("leave out the tools the admin switched off (page globals)", () => {
    const ctx = inEditor("/Opere/varia.tex");
    const globals = { ...DEFAULT_GLOBALS, EditionTools: ["m2hv", "pdflatex"] };
    expect(shown({ ...ctx, globals })).toEqual(["tool-m2hv", "tool-pdflatex"]);
  });

  it("need create, and modify for pdflatex (issue 27: a run writes, pdflatex rewrites its PDF)", () => {
    const ctx = inEditor("/Opere/varia.tex");
    expect(shown({ ...ctx, user: userWith({ create: true }) })).toEqual([
      "tool-m2hv",
      "tool-m2lv",
      "tool-m2ledmac",
    ]);
    expect(shown({ ...ctx, user: userWith({ modify: true, download: true }) })).toEqual([]);
    expect(shown({ ...ctx, user: userWith({ download: true }) })).toEqual([]);
  });

  it("are not offered for other files, nor logged out", () => {
    expect(shown(inEditor("/Opere/note.txt"))).toEqual([]);
    expect(shown(inEditor("/Opere/varia.tex.bak"))).toEqual([]);
    expect(shown({ ...inEditor("/Opere/varia.tex"), user: null })).toEqual([]);
  });

  it("open the tool's dialog on the file", () => {
    const ctx = inEditor("/Opere/varia.tex");
    void actionsFor("header", ctx)
      .find((action) => action.id === "tool-m2lv")
      ?.perform(ctx);
    expect(ctx.showPrompt).toHaveBeenCalledWith({
      name: "editionTool",
      tool: "m2lv",
      source: { path: "/Opere/varia.tex", name: "varia.tex" },
    });
  });
});
