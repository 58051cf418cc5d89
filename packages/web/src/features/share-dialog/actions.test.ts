import type { Perm, Resource, TokenUser } from "@scriptorium/shared";
import { describe, expect, it, vi } from "vitest";
import { OPERE } from "../files/files-test-harness";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import { actionsFor } from "../../actions";
import { shareAction } from "./actions";
import type { ActionContext } from "../../actions/types";

const PERM = { share: true } as Perm;
const TEX = { ...OPERE.items![2]!, items: undefined } as unknown as Resource;

function ctx(perm: Partial<Perm>, selected: string[], current: "listing" | "file" | null) {
  const user = { id: 2, username: "editor", perm: { ...PERM, ...perm } } as TokenUser;
  return {
    user,
    globals: DEFAULT_GLOBALS,
    pathname: "/files/Opere/",
    current:
      current === "listing"
        ? { path: "/Opere/", resource: OPERE }
        : current === "file"
          ? { path: "/Opere/a.tex", resource: TEX }
          : null,
    selectedCount: selected.length,
    selected: new Set(selected),
    multiple: false,
    showPrompt: vi.fn(),
  } as unknown as ActionContext;
}

const shown = (context: ActionContext, placement: "header" | "selection" = "header") =>
  actionsFor(placement, context).some((action) => action.id === "share");

describe("share action", () => {
  it("needs the share permission and exactly one selected item in a listing", () => {
    expect(shown(ctx({}, ["a.tex"], "listing"))).toBe(true);
    expect(shown(ctx({}, ["a.tex"], "listing"), "selection")).toBe(true);
    expect(shown(ctx({}, [], "listing"))).toBe(false);
    expect(shown(ctx({}, ["a.tex", "b.tex"], "listing"))).toBe(false);
    expect(shown(ctx({ share: false }, ["a.tex"], "listing"))).toBe(false);
    expect(shown(ctx({}, [], null))).toBe(false);
  });

  it("shares the file open in the editor or the preview", () => {
    expect(shown(ctx({}, [], "file"))).toBe(true);
    expect(shown(ctx({ share: false }, [], "file"))).toBe(false);
    const context = ctx({}, [], "file");
    void shareAction.perform(context);
    expect(context.showPrompt).toHaveBeenCalledWith({
      name: "share",
      target: { path: "/Opere/a.tex", name: "a.tex", isDir: false },
    });
  });

  it("opens the dialog on the selected folder", () => {
    const context = ctx({}, ["Libro I"], "listing");
    void shareAction.perform(context);
    expect(context.showPrompt).toHaveBeenCalledWith({
      name: "share",
      target: { path: "/Opere/Libro I", name: "Libro I", isDir: true },
    });
  });

  it("comes first among the item actions of the header (SPEC.md §2)", () => {
    const ids = actionsFor("header", ctx({ rename: true, delete: true }, ["a.tex"], "listing")).map(
      (action) => action.id,
    );
    expect(ids.indexOf("share")).toBeLessThan(ids.indexOf("rename"));
  });
});
