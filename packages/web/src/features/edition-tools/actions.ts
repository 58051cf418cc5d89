import {
  EDITION_TOOLS,
  PDF_PIPELINE_TOOLS,
  type EditionTool,
  type PdfPipelineTool,
} from "@scriptorium/shared";
import type { IconName } from "../../components/Icon";
import { mayRunTool, toolEnabled, toolSource } from "../../actions/tool-source";
import type { Action } from "../../actions/types";

type OfferedTool = EditionTool | PdfPipelineTool;

/** One icon per tool (issue 31: they must be told apart); the labels name the tool too. */
const ICONS: Record<OfferedTool, IconName> = {
  m2hv: "toolHtml",
  m2lv: "toolLatex",
  m2ledmac: "toolLedmac",
  pdflatex: "toolPdf",
  "m2lv-pdf": "toolPdfM2lv",
  "m2ledmac-pdf": "toolPdfM2ledmac",
};

/**
 * One edition tool (SPEC.md §2, §4): for users who may run it (`mayRunTool`), when the admin
 * left it switched on and its program is installed (issue 30).
 */
function toolAction(tool: OfferedTool): Action {
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

/** m2hv, m2lv, m2ledmac, pdflatex, then the PDF pipelines (m2lv-pdf, m2ledmac-pdf). */
export const editionToolActions: Action[] = [...EDITION_TOOLS, ...PDF_PIPELINE_TOOLS].map(
  toolAction,
);
