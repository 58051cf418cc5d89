import { mayRunTool, toolEnabled, toolSource } from "../../actions/tool-source";
import type { Action } from "../../actions/types";

/**
 * Witness views (the workbench): for one `.tex` file selected or open in the editor, the dialog
 * that runs m2hv's `-t`, `-s`, `-o`, `-e` or `-c` and shows the page beside the source.
 */
export const witnessAction: Action = {
  id: "witness-views",
  label: "workbench.witness.action",
  icon: "witnessView",
  placements: ["header", "selection"],
  isVisible: (ctx) =>
    mayRunTool(ctx.user, "m2hv") && toolSource(ctx) !== null && toolEnabled(ctx, "m2hv"),
  perform: (ctx) => {
    const source = toolSource(ctx);
    if (source) ctx.showPrompt({ name: "witnessView", source });
  },
};
