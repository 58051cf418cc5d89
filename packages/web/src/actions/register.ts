/*
 * Every action of the header and the keys, registered in their order (SPEC.md §2). Imported by
 * the signed-in frame (routes.tsx loads it with the layout) and by component tests: the login
 * page does not carry them.
 */
import { helpAction, newDirAction, newFileAction } from "./builtin";
import { editionToolActions } from "./edition";
import {
  clearSelectionAction,
  infoAction,
  selectAllAction,
  selectMultipleAction,
  switchViewAction,
} from "./listing";
import {
  clipboardCopyAction,
  clipboardCutAction,
  copyAction,
  deleteAction,
  moveAction,
  pasteAction,
  renameAction,
} from "./organise";
import { registerActions } from "./registry";
import { searchAction } from "./search";
import { shareAction } from "./share";
import { shellAction } from "./shell";
import { downloadAction, unzipAction, uploadAction } from "./transfer";
import { witnessAction } from "./witness";

registerActions(
  helpAction,
  newDirAction,
  newFileAction,
  // SPEC.md §2 header order: search, share, rename, copy, move, delete, … switch view, … info.
  searchAction,
  shareAction,
  renameAction,
  copyAction,
  moveAction,
  deleteAction,
  unzipAction,
  ...editionToolActions,
  witnessAction,
  shellAction,
  switchViewAction,
  downloadAction,
  uploadAction,
  infoAction,
  selectMultipleAction,
  selectAllAction,
  clearSelectionAction,
  clipboardCopyAction,
  clipboardCutAction,
  pasteAction,
);
