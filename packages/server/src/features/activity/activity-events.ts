import path from "node:path";
import type { ActivityAction } from "@scriptorium/shared";
import type { FileEvent } from "../../storage/events.js";

/** What a file event is in the log, and the paths (on disk) it names. */
export interface EventLine {
  action: ActivityAction;
  abs: string;
  toAbs?: string;
  detail?: string;
  /** An anonymous visitor's (a drop box's upload): nobody signed in did it. */
  anonymous: boolean;
}

/**
 * The log line of a file event: created → create, saved → edit, uploaded → upload (through a
 * drop box: drop, by nobody), moved → rename within its folder and move otherwise, copied → copy,
 * deleted → delete, restored → restore, extracted → extract, compiled → tool (its result in the
 * detail).
 */
export function lineOfEvent(event: FileEvent): EventLine {
  const base = {
    abs: event.abs,
    ...(event.to !== undefined && { toAbs: event.to }),
    ...(event.detail !== undefined && { detail: event.detail }),
    anonymous: false,
  };
  switch (event.type) {
    case "created":
      return { ...base, action: "create" };
    case "saved":
      return { ...base, action: "edit" };
    case "uploaded":
      return event.viaShare === undefined
        ? { ...base, action: "upload" }
        : { ...base, action: "drop", detail: event.viaShare, anonymous: true };
    case "moved": {
      const sameFolder =
        event.to !== undefined && path.dirname(event.to) === path.dirname(event.abs);
      return { ...base, action: sameFolder ? "rename" : "move" };
    }
    case "copied":
      return { ...base, action: "copy" };
    case "deleted":
      return { ...base, action: "delete" };
    case "restored":
      return { ...base, action: "restore" };
    case "extracted":
      return { ...base, action: "extract" };
    case "compiled":
      return { ...base, action: "tool" };
  }
}
