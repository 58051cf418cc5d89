import { inListing } from "../../actions/context-queries";
import type { Action } from "../../actions/types";

/** Files or a folder into the folder on screen (create permission; SPEC.md §2). */
export const uploadAction: Action = {
  id: "upload",
  label: "upload.action",
  icon: "upload",
  placements: ["header"],
  // More files may be added while earlier ones upload.
  concurrent: true,
  isVisible: (ctx) => inListing(ctx) && Boolean(ctx.user?.perm.create),
  perform: (ctx) => ctx.showPrompt({ name: "upload" }),
};
