import { EDITION_TOOLS, isTexFile, type EditionTool, type TokenUser } from "@scriptorium/shared";
import type { IconName } from "../components/Icon";
import type { Action, ActionContext } from "./types";

/** Whether the admin left `tool` switched on (the page globals list the tools that are). */
export function toolEnabled(ctx: ActionContext, tool: string): boolean {
  return ctx.globals.EditionTools.includes(tool);
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

const ICONS: Record<EditionTool, IconName> = {
  m2hv: "toolHtml",
  m2lv: "toolLatex",
  m2ledmac: "toolLedmac",
  pdflatex: "toolPdf",
};

/**
 * One edition tool (SPEC.md §2, §4): for users who may run it (`mayRunTool`), when the admin
 * left it switched on.
 */
function toolAction(tool: EditionTool): Action {
  return {
    id: `tool-${tool}`,
    label: `editionTools.actions.${tool}`,
    icon: ICONS[tool],
    placements: ["header", "selection"],
    isVisible: (ctx) =>
      mayRunTool(ctx.user, tool) && toolSource(ctx) !== null && toolEnabled(ctx, tool),
    perform: (ctx) => {
      const source = toolSource(ctx);
      if (source) ctx.showPrompt({ name: "editionTool", tool, source });
    },
  };
}

/** m2hv, m2lv, m2ledmac and pdflatex, in that order. */
export const editionToolActions: Action[] = EDITION_TOOLS.map(toolAction);
