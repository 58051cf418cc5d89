/*
 * Every feature's dialogs, registered with the prompt layer, in one list (as register-actions.ts
 * registers the actions). The signed-in frame (routes.tsx loads it with the layout) and the
 * component tests import this file.
 */
import "../features/activity/prompts";
import "../features/common-prompts/prompts";
import "../features/download/prompts";
import "../features/edition-tools/prompts";
import "../features/editor/prompts";
import "../features/organise/prompts";
import "../features/share-dialog/prompts";
import "../features/unzip/prompts";
import "../features/upload/prompts";
import "../features/workbench/prompts";
