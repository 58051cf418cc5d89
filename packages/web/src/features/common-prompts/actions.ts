import { currentFolder } from "../../state/current-resource";
import type { Action } from "../../actions/types";

/** F1 and the sidebar's Help entry. */
export const helpAction: Action = {
  id: "help",
  label: "sidebar.help",
  icon: "help",
  shortcut: { key: "F1" },
  placements: [],
  isVisible: () => true,
  perform: (ctx) => ctx.showPrompt({ name: "help" }),
};

const canCreate: Action["isVisible"] = (ctx) => Boolean(ctx.user?.perm.create);

export const newDirAction: Action = {
  id: "newDir",
  label: "sidebar.newFolder",
  icon: "folderPlus",
  placements: ["sidebar"],
  isVisible: canCreate,
  perform: (ctx) => ctx.showPrompt({ name: "newDir", dir: currentFolder(ctx.current) }),
};

export const newFileAction: Action = {
  id: "newFile",
  label: "sidebar.newFile",
  icon: "filePlus",
  placements: ["sidebar"],
  isVisible: canCreate,
  perform: (ctx) => ctx.showPrompt({ name: "newFile", dir: currentFolder(ctx.current) }),
};
