import {
  acceptCompletion,
  completionStatus,
  moveCompletionSelection,
  selectedCompletionIndex,
} from "@codemirror/autocomplete";
import { Prec, type Extension } from "@codemirror/state";
import { keymap, type Command } from "@codemirror/view";

/**
 * Tab while the completion menu is open accepts the option the user moved to, else the first.
 * (Enter accepts only an option the user moved to with the arrow keys: the menu opens with
 * none chosen, so Enter after `\VV` makes a new line and leaves `\VV` as typed.)
 */
export const acceptWithTab: Command = (view) => {
  if (completionStatus(view.state) !== "active") return false;
  if (selectedCompletionIndex(view.state) === null && !moveCompletionSelection(true)(view)) {
    return false;
  }
  return acceptCompletion(view);
};

/** Before Tab's indentation. */
export const completionKeys: Extension = Prec.highest(
  keymap.of([{ key: "Tab", run: acceptWithTab }]),
);
