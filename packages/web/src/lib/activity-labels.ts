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

/** What a share's visitor does; other lines without a user are the server's own (the CLI). */
const VISITOR_ACTIONS = new Set<ActivityAction>(["drop", "share-use"]);

/**
 * Who an entry names: the user, "A visitor" for a share's visitor, or null for a line that nobody
 * signed in wrote (the command line, the server itself).
 */
export function whoKind(entry: Pick<ActivityEntry, "user" | "action">): "user" | "visitor" | null {
  if (entry.user !== "") return "user";
  return VISITOR_ACTIONS.has(entry.action) ? "visitor" : null;
}
