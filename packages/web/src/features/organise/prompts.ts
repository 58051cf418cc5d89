import { registerPrompt } from "../../prompts";
import type { ConflictChoice } from "./conflicts";
import { DeletePrompt } from "./DeletePrompt";
import type { OrganiseItem } from "./organise-api";
import { RenamePrompt } from "./RenamePrompt";
import { ReplaceRenamePrompt } from "./ReplaceRenamePrompt";
import { TransferPrompt } from "./TransferPrompt";

/** The dialogs of file organisation (SPEC.md §2 Dialogs). */
declare module "../../prompts/prompt-specs" {
  interface PromptSpecs {
    /** Rename one item; the input starts with its name. */
    rename: { item: OrganiseItem };
    /** Move or copy `items` out of `dir` (decoded, ending with "/") through the folder picker. */
    move: { items: readonly OrganiseItem[]; dir: string };
    copy: { items: readonly OrganiseItem[]; dir: string };
    delete: { items: readonly OrganiseItem[] };
    /**
     * Names that exist at the destination: rename, replace (only when `canReplace`) or cancel.
     * `choose` gets the answer; closing without one cancels.
     */
    replaceRename: {
      conflicts: readonly string[];
      canReplace: boolean;
      choose: (choice: ConflictChoice) => void;
    };
  }
}

registerPrompt("rename", RenamePrompt);
registerPrompt("move", TransferPrompt);
registerPrompt("copy", TransferPrompt);
registerPrompt("delete", DeletePrompt);
registerPrompt("replaceRename", ReplaceRenamePrompt);
