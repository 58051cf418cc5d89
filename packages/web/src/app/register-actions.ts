/*
 * Every action of the header and the keys, registered in their order (SPEC.md §2). Imported by
 * the signed-in frame (routes.tsx loads it with the layout) and by component tests: the login
 * page does not carry them.
 */
import { activityAction } from "../features/activity/actions";
import { helpAction, newDirAction, newFileAction } from "../features/common-prompts/actions";
import { editionToolActions } from "../features/edition-tools/actions";
import {
  clearSelectionAction,
  infoAction,
  selectAllAction,
  selectMultipleAction,
  switchViewAction,
} from "../features/listing/actions";
import {
  clipboardCopyAction,
  clipboardCutAction,
  copyAction,
  deleteAction,
  moveAction,
  pasteAction,
  renameAction,
} from "../features/organise/actions";
import { registerActions } from "../actions/registry";
import { searchAction } from "../features/search/actions";
import { shareAction } from "../features/share-dialog/actions";
import { shellAction } from "../features/shell/actions";
import { downloadAction } from "../features/download/actions";
import { unzipAction } from "../features/unzip/actions";
import { uploadAction } from "../features/upload/actions";
import { witnessAction } from "../features/workbench/actions";

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
  activityAction,
  infoAction,
  selectMultipleAction,
  selectAllAction,
  clearSelectionAction,
  clipboardCopyAction,
  clipboardCutAction,
  pasteAction,
);
