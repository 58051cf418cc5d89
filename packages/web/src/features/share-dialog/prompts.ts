import type { Share } from "@scriptorium/shared";
import { registerPrompt } from "../../prompts";
import type { ShareTarget } from "../../api/share-api";
import { ShareDeletePrompt } from "./ShareDeletePrompt";
import { ShareDialog } from "./ShareDialog";

/** The dialogs of share links (SPEC.md §2 Dialogs: share, share-delete). */
declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** The links of one item, or the form of a new one. */
    share: { target: ShareTarget };
    /** Confirm deleting one link (the settings list). */
    "share-delete": { share: Share };
  }
}

registerPrompt("share", ShareDialog);
registerPrompt("share-delete", ShareDeletePrompt);
