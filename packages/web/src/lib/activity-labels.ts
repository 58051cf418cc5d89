import type { ActivityAction, ActivityEntry, LiveChange } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";

/*
 * The words of the activity log (issue 29), shared by a folder's activity, the admin's audit
 * view and the live notices of a listing.
 */

/** What an entry's action is called: "Uploaded", "Failed login"… */
export const actionLabel = (action: ActivityAction): ParseKeys => `activity.actions.${action}`;

/** Actions whose live notice is a sentence of its own; the others say "changed". */
const LIVE_SENTENCES = [
  "create",
  "edit",
  "upload",
  "rename",
  "move",
  "copy",
  "delete",
  "restore",
  "extract",
  "version-restore",
  "drop",
  "tool",
] as const satisfies readonly ActivityAction[];
type LiveSentence = (typeof LIVE_SENTENCES)[number];

const hasSentence = (action: ActivityAction): action is LiveSentence =>
  (LIVE_SENTENCES as readonly ActivityAction[]).includes(action);

/** The sentence of a live notice: "{{user}} uploaded {{name}}". */
export const liveSentence = (action: ActivityAction): ParseKeys =>
  hasSentence(action) ? `activity.live.${action}` : "activity.live.other";

/** Entries and changes made by the anonymous visitor of a share have no user name. */
export const isVisitor = (entry: Pick<ActivityEntry | LiveChange, "user">) => entry.user === "";
