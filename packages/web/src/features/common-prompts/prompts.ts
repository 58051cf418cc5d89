import { ConfirmPrompt } from "./ConfirmPrompt";
import { ErrorPrompt } from "./ErrorPrompt";
import { HelpPrompt } from "./HelpPrompt";
import { InfoPrompt } from "./InfoPrompt";
import { NewEntryPrompt } from "./NewEntryPrompt";
import { registerPrompt } from "../../prompts/prompt-registry";

/** The common dialogs (declared in prompts/prompt-specs.ts, as any feature may open them). */
registerPrompt("help", HelpPrompt);
registerPrompt("newFile", NewEntryPrompt);
registerPrompt("newDir", NewEntryPrompt);
registerPrompt("info", InfoPrompt);
registerPrompt("confirm", ConfirmPrompt);
registerPrompt("error", ErrorPrompt);
