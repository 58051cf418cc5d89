import type { Item, Resource, TokenUser } from "@scriptorium/shared";
import { describe, expect, it, vi } from "vitest";
import { actionsFor } from "../../actions";
import "../../app/register-actions";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import type { ActionContext } from "../../actions/types";

function entry(path: string, isDir = false): Item & Resource {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return {
    path,
    name,
    size: 10,
    extension: isDir ? "" : name.slice(name.lastIndexOf(".")),
    modified: "2026-11-23T10:00:00Z",
    mode: 420,
    isDir,
    isSymlink: false,
    type: isDir ? "" : "text",
  };
}

function context(
  current: Resource,
  selected: string[] = [],
  perm: Partial<TokenUser["perm"]> = { create: true },
): ActionContext {
  return {
    user: { id: 2, username: "editor", perm } as TokenUser,
    current: { path: current.path, resource: current },
    selected: new Set(selected),
    selectedCount: selected.length,
    showPrompt: vi.fn(),
    globals: DEFAULT_GLOBALS,
  } as unknown as ActionContext;
}

const folder: Resource = {
  ...entry("/Opere", true),
  items: [entry("/Opere/varia.TEX"), entry("/Opere/note.txt"), entry("/Opere/sub", true)],
};

const offered = (ctx: ActionContext) =>
  actionsFor("header", ctx).some((action) => action.id === "witness-views");

describe("witness views action", () => {
  it("is offered for one .tex file selected or open in the editor", () => {
    expect(offered(context(entry("/Opere/varia.tex")))).toBe(true);
    expect(offered(context(folder, ["varia.TEX"]))).toBe(true);
    expect(offered(context(folder, ["note.txt"]))).toBe(false);
    expect(offered(context(folder, ["varia.TEX", "note.txt"]))).toBe(false);
    expect(offered(context(folder))).toBe(false);
    expect(offered(context(entry("/Opere/note.txt")))).toBe(false);
  });

  it("is not offered without the create permission (m2hv writes a folder)", () => {
    expect(offered(context(entry("/Opere/varia.tex"), [], { download: true }))).toBe(false);
  });

  it("opens the witness dialog on the file", () => {
    const ctx = context(folder, ["varia.TEX"]);
    void actionsFor("selection", ctx)
      .find((action) => action.id === "witness-views")
      ?.perform(ctx);
    expect(ctx.showPrompt).toHaveBeenCalledWith({
      name: "witnessView",
      source: { path: "/Opere/varia.TEX", name: "varia.TEX" },
    });
  });
});
