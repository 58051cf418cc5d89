import type { Perm, TokenUser } from "@scriptorium/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { OPERE } from "../files/files-test-harness";
import { clearClipboard, copyToClipboard, cutToClipboard } from "./clipboard-store";
import { actionForKey, actionsFor } from "../../actions";
import type { ActionContext } from "../../actions/types";

const ORGANISE = ["rename", "copy", "move", "delete"];
const ALL: Perm = {
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: false,
  download: true,
  unzip: false,
};

function ctx(perm: Partial<Perm>, selectedCount: number, inListing = true): ActionContext {
  const user = { id: 2, username: "editor", perm: { ...ALL, ...perm } } as TokenUser;
  return {
    user,
    current: inListing ? { path: "/Opere/", resource: OPERE } : null,
    selectedCount,
    selected: new Set<string>(),
    multiple: false,
  } as unknown as ActionContext;
}

const shown = (context: ActionContext, placement: "header" | "selection" = "header") =>
  actionsFor(placement, context)
    .map((action) => action.id)
    .filter((id) => ORGANISE.includes(id));

const key = (init: KeyboardEventInit) => new KeyboardEvent("keydown", init);

beforeEach(clearClipboard);

describe("organise actions", () => {
  it("follow the selection: rename for exactly one item, the others for one or more", () => {
    expect(shown(ctx({}, 0))).toEqual([]);
    expect(shown(ctx({}, 1))).toEqual(["rename", "copy", "move", "delete"]);
    expect(shown(ctx({}, 3))).toEqual(["copy", "move", "delete"]);
    expect(shown(ctx({}, 2), "selection")).toEqual(["copy", "move", "delete"]);
    expect(shown(ctx({}, 1, false))).toEqual([]);
  });

  it("each needs its permission: no rename permission, no rename and no move", () => {
    expect(shown(ctx({ rename: false }, 1))).toEqual(["copy", "delete"]);
    expect(shown(ctx({ create: false }, 1))).toEqual(["rename", "move", "delete"]);
    expect(shown(ctx({ delete: false }, 1))).toEqual(["rename", "copy", "move"]);
    expect(shown(ctx({ create: false, rename: false, delete: false }, 1))).toEqual([]);
  });

  it("the keyboard obeys the same rules", () => {
    expect(actionForKey(key({ key: "F2" }), ctx({}, 1))?.id).toBe("rename");
    expect(actionForKey(key({ key: "F2" }), ctx({ rename: false }, 1))).toBeUndefined();
    expect(actionForKey(key({ key: "F2" }), ctx({}, 2))).toBeUndefined();
    expect(actionForKey(key({ key: "Delete" }), ctx({}, 2))?.id).toBe("delete");
    expect(actionForKey(key({ key: "Delete" }), ctx({ delete: false }, 2))).toBeUndefined();
    expect(actionForKey(key({ key: "c", ctrlKey: true }), ctx({}, 1))?.id).toBe("clipboardCopy");
    expect(actionForKey(key({ key: "x", metaKey: true }), ctx({}, 1))?.id).toBe("clipboardCut");
    expect(
      actionForKey(key({ key: "x", ctrlKey: true }), ctx({ rename: false }, 1)),
    ).toBeUndefined();
  });

  it("paste needs something in the clipboard and the permission of what it does", () => {
    const paste = (perm: Partial<Perm>) =>
      actionForKey(key({ key: "v", ctrlKey: true }), ctx(perm, 0))?.id;
    expect(paste({})).toBeUndefined();
    copyToClipboard([{ from: "/a.tex", name: "a.tex", isDir: false }], "/");
    expect(paste({})).toBe("paste");
    expect(paste({ create: false })).toBeUndefined();
    cutToClipboard([{ from: "/a.tex", name: "a.tex", isDir: false }], "/");
    expect(paste({ create: false })).toBe("paste");
    expect(paste({ rename: false })).toBeUndefined();
  });
});
