import { registerPrompt } from "../../prompts";
import { ReplacePrompt } from "./ReplacePrompt";
import { UploadPrompt } from "./UploadPrompt";

/** The upload dialogs (SPEC.md §2 Dialogs). */
declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Choose between uploading files and a folder. */
    upload: Record<never, never>;
    /** Names of the upload that exist in the folder: replace them, skip them, or cancel. */
    replace: { names: readonly string[]; choose: (choice: "replace" | "skip") => void };
  }
}

registerPrompt("upload", UploadPrompt);
registerPrompt("replace", ReplacePrompt);
