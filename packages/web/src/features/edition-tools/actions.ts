import { EDITION_TOOLS, type EditionTool } from "@scriptorium/shared";
import type { IconName } from "../../components/Icon";
import { mayRunTool, toolEnabled, toolSource } from "../../actions/tool-source";
import type { Action } from "../../actions/types";

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
