import type { EditionTool, PdfPipelineTool } from "@scriptorium/shared";
import { registerPrompt } from "../../prompts";
import { ToolPrompt } from "./ToolPrompt";

declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Run an edition tool on one `.tex` file (decoded path and name). */
    editionTool: { tool: EditionTool | PdfPipelineTool; source: { path: string; name: string } };
  }
}

registerPrompt("editionTool", ToolPrompt);
