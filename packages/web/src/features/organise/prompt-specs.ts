import type { ConflictChoice } from "./conflicts";
import type { OrganiseItem } from "./organise-api";

/** The dialogs of file organisation (SPEC.md §2 Dialogs); part of the prompt stack's specs. */
export type OrganisePromptSpec =
  /** Rename one item; the input starts with its name. */
  | { name: "rename"; item: OrganiseItem }
  /** Move or copy `items` out of `dir` (decoded, ending with "/") through the folder picker. */
  | { name: "move"; items: readonly OrganiseItem[]; dir: string }
  | { name: "copy"; items: readonly OrganiseItem[]; dir: string }
  | { name: "delete"; items: readonly OrganiseItem[] }
  /**
   * Names that exist at the destination: rename, replace (only when `canReplace`) or cancel.
   * `choose` gets the answer; closing without one cancels.
   */
  | {
      name: "replaceRename";
      conflicts: readonly string[];
      canReplace: boolean;
      choose: (choice: ConflictChoice) => void;
    };
