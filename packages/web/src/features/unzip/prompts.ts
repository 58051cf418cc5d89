import { registerPrompt } from "../../prompts";
import { UnzipPrompt } from "./UnzipPrompt";

declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Extract `archive` into a folder chosen from `dir` (decoded, ending with "/"). */
    unzip: { archive: { path: string; name: string }; dir: string };
  }
}

registerPrompt("unzip", UnzipPrompt);
