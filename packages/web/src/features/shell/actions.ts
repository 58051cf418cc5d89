import { toggleShell } from "../../state/shell-store";
import type { Action, ActionContext } from "../../actions/types";

/** SPEC.md §6: the shell needs the execute permission and the server's exec feature. */
export const shellAvailable = (ctx: ActionContext) =>
  Boolean(ctx.user?.perm.execute) && ctx.globals.EnableExec;

/** The header toggle of the shell panel (SPEC.md §2). */
export const shellAction: Action = {
  id: "shell",
  label: "shell.toggle",
  icon: "terminal",
  placements: ["header"],
  isActive: (ctx) => ctx.shellOpen,
  isVisible: shellAvailable,
  perform: () => toggleShell(),
};
