import { isTexFile, type TokenUser } from "@scriptorium/shared";
import { availabilityOf } from "../state/tool-states";
import type { ActionContext } from "./types";

/*
 * What the edition tools' actions and the witness views (features/edition-tools, workbench) ask
 * of the context: which `.tex` file they would work on, and whether the user may run a tool.
 */

/**
 * Whether `tool` is offered (issue 30: only what exists is offered): the admin left it on and
 * its program is installed, as the tool states say; while they load, not yet; when they could
 * not be read, as the page globals say (the tools that are on).
 */
export function toolEnabled(ctx: ActionContext, tool: string): boolean {
  if (!("toolStates" in ctx)) return ctx.globals.EditionTools.includes(tool);
  const availability = availabilityOf(ctx.toolStates, tool);
  if (availability === "unknown") return ctx.globals.EditionTools.includes(tool);
  return availability === "ready";
}

/**
 * Whether `user` may run `tool` (issue 27; the server checks the same): a tool writes files, so
 * `create`; pdflatex rewrites its PDF and auxiliary files beside the source, so `modify` too.
 * (A folder tool overwriting an existing folder also needs `modify`: the server says so.)
 */
export function mayRunTool(user: TokenUser | null, tool: string): boolean {
  if (!user?.perm.create) return false;
  return tool === "pdflatex" ? user.perm.modify : true;
}

/** The `.tex` file a tool action works on, or null when none is offered. */
export interface ToolSource {
  /** Decoded path in the user's files. */
  path: string;
  name: string;
}

/**
 * SPEC.md §5: exactly one selected file of the listing ending in `.tex` (any letter case), or
 * the `.tex` file open in the editor.
 */
export function toolSource(ctx: ActionContext): ToolSource | null {
  const current = ctx.current;
  if (!current) return null;
  if (!current.resource.isDir) {
    return isTexFile(current.resource.name)
      ? { path: current.path, name: current.resource.name }
      : null;
  }
  if (ctx.selected.size !== 1) return null;
  const [name] = ctx.selected;
  const item = (current.resource.items ?? []).find((entry) => entry.name === name);
  if (!item || item.isDir || !isTexFile(item.name)) return null;
  return { path: item.path, name: item.name };
}
