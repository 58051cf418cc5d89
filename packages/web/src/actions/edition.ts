import { EDITION_TOOLS, isTexFile, type EditionTool } from "@scriptorium/shared";
import type { IconName } from "../components/Icon";
import type { Action, ActionContext } from "./types";

/** Whether the admin left `tool` switched on (the page globals list the tools that are). */
export function toolEnabled(ctx: ActionContext, tool: string): boolean {
  return ctx.globals.EditionTools.includes(tool);
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

/** One edition tool (SPEC.md §2, §4): no permission needed, the admin may switch it off. */
function toolAction(tool: EditionTool): Action {
  return {
    id: `tool-${tool}`,
    label: `editionTools.actions.${tool}`,
    icon: ICONS[tool],
    placements: ["header", "selection"],
    isVisible: (ctx) => ctx.user !== null && toolSource(ctx) !== null && toolEnabled(ctx, tool),
    perform: (ctx) => {
      const source = toolSource(ctx);
      if (source) ctx.showPrompt({ name: "editionTool", tool, source });
    },
  };
}

/** m2hv, m2lv, m2ledmac and pdflatex, in that order. */
export const editionToolActions: Action[] = EDITION_TOOLS.map(toolAction);
