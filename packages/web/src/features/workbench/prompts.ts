import { registerPrompt } from "../../prompts";
import { WitnessPrompt } from "./WitnessPrompt";

declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Witness views of a `.tex` file (decoded path and name). */
    witnessView: { source: { path: string; name: string } };
  }
}

registerPrompt("witnessView", WitnessPrompt);
