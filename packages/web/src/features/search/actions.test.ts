import type { Resource, TokenUser } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import { actionForKey, actionsFor } from "../../actions";
import "../../app/register-actions";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import { useSearchStore } from "./search-store";
import { searchFolder } from "./actions";
import type { ActionContext } from "../../actions/types";

function ctx(pathname: string, current: { path: string; isDir: boolean } | null): ActionContext {
  return {
    user: { id: 3, username: "u", perm: {} } as TokenUser,
    globals: DEFAULT_GLOBALS,
    pathname,
    current: current && {
      path: current.path,
      resource: { path: current.path, isDir: current.isDir } as Resource,
    },
    selected: new Set<string>(),
    selectedCount: 0,
    multiple: false,
    shellOpen: false,
  } as unknown as ActionContext;
}

const ctrlF = new KeyboardEvent("keydown", { key: "f", ctrlKey: true });

describe("the search action", () => {
  it("comes first in the header, for any logged-in user, and answers Ctrl+F", () => {
    const c = ctx("/files/", null);
    expect(actionsFor("header", c)[0]?.id).toBe("search");
    expect(actionForKey(ctrlF, c)?.id).toBe("search");
    expect(actionsFor("header", { ...c, user: null }).map((a) => a.id)).not.toContain("search");
  });

  it("searches the folder of the listing, even before it loads, and the root elsewhere", () => {
    expect(searchFolder(ctx("/files/Opere/Libro%20I/", null))).toBe("/Opere/Libro I/");
    expect(searchFolder(ctx("/files/Opere/", { path: "/Opere/", isDir: true }))).toBe("/Opere/");
    expect(searchFolder(ctx("/files/Opere/a.tex", { path: "/Opere/a.tex", isDir: false }))).toBe(
      "/",
    );
    expect(searchFolder(ctx("/settings/profile", null))).toBe("/");
  });

  it("opens the overlay on that folder", () => {
    useSearchStore.setState({ open: false, folder: "/" });
    const c = ctx("/files/Opere/", null);
    void actionForKey(ctrlF, c)?.perform(c);
    expect(useSearchStore.getState()).toMatchObject({ open: true, folder: "/Opere/" });
  });
});
