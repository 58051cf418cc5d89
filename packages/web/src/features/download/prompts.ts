import { registerPrompt } from "../../prompts";
import { DownloadPrompt } from "./DownloadPrompt";

declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** An archive of `paths` (decoded full paths) in a format chosen in the dialog. */
    download: { paths: readonly string[] };
  }
}

registerPrompt("download", DownloadPrompt);
