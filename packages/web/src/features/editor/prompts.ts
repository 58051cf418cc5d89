import { registerPrompt } from "../../prompts";
import { DiscardPrompt } from "./DiscardPrompt";

declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Leaving the editor with unsaved changes; `onDiscard` lets the navigation go on. */
    discardEditorChanges: { onDiscard: () => void };
  }
}

registerPrompt("discardEditorChanges", DiscardPrompt);
