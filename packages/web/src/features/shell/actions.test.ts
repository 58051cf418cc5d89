import type { TokenUser } from "@scriptorium/shared";
import { describe, expect, it } from "vitest";
import { actionsFor } from "../../actions";
import "../../app/register-actions";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import { useShellStore } from "../../state/shell-store";
import type { ActionContext } from "../../actions/types";

function ctx(execute: boolean, enableExec: boolean): ActionContext {
  return {
    user: { id: 3, username: "u", perm: { execute } } as TokenUser,
    globals: { ...DEFAULT_GLOBALS, EnableExec: enableExec },
    current: null,
    selected: new Set<string>(),
    selectedCount: 0,
    multiple: false,
    shellOpen: false,
  } as unknown as ActionContext;
}

const shellButton = (c: ActionContext) => actionsFor("header", c).find((a) => a.id === "shell");

describe("the shell toggle", () => {
  it("is in the header only with the execute permission and the server's exec feature", () => {
    expect(shellButton(ctx(true, true))).toBeDefined();
    expect(shellButton(ctx(false, true))).toBeUndefined();
    expect(shellButton(ctx(true, false))).toBeUndefined();
    expect(shellButton({ ...ctx(true, true), user: null })).toBeUndefined();
  });

  it("opens and closes the panel and shows its state", () => {
    const action = shellButton(ctx(true, true));
    useShellStore.setState({ open: false });
    void action?.perform(ctx(true, true));
    expect(useShellStore.getState().open).toBe(true);
    expect(action?.isActive?.({ ...ctx(true, true), shellOpen: true })).toBe(true);
    void action?.perform(ctx(true, true));
    expect(useShellStore.getState().open).toBe(false);
  });
});
