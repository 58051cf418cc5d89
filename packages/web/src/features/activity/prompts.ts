import { registerPrompt } from "../../prompts";
import { ActivityDialog } from "./ActivityDialog";

/** The activity of a folder (issue 29). */
declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** `folder`: decoded, ending with "/". */
    activity: { folder: string };
  }
}

registerPrompt("activity", ActivityDialog);
