import type { Action } from "../../actions/types";
import { asFolder } from "../../lib/paths";

/** Activity: what happened in the folder on screen and below it (nothing selected). */
export const activityAction: Action = {
  id: "activity",
  label: "activity.action",
  icon: "activity",
  placements: ["header"],
  isVisible: (ctx) => Boolean(ctx.current?.resource.isDir) && ctx.selectedCount === 0,
  perform: (ctx) => {
    const current = ctx.current;
    if (current?.resource.isDir)
      ctx.showPrompt({ name: "activity", folder: asFolder(current.path) });
  },
};
