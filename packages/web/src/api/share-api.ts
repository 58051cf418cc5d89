import {
  SHARE_DURATION_MAX,
  type CreateShareBody,
  type Share,
  type ShareMode,
  type ShareUnit,
} from "@scriptorium/shared";
import { apiCall } from "./client";
import { getGlobals } from "../lib/globals";
import { asFolder } from "../lib/paths";

/*
 * The share calls of the owner's side (SPEC.md §7 Sharing) and the URLs a link is reached by.
 * The dialog and the settings page share the query keys, so that one reloads the other.
 */

/** Query key of every link the user sees (the settings page). */
export const ALL_SHARES_KEY = ["shares"] as const;
/** Query key of the links to one path (the dialog); under ALL_SHARES_KEY to reload together. */
export const sharesOfKey = (path: string) => ["shares", "of", path] as const;

/** What the share dialog is opened on: one item, or the file on screen. */
export interface ShareTarget {
  /** Decoded path of the item; folders are shared with a trailing "/". */
  path: string;
  name: string;
  isDir: boolean;
}

/** The path the API knows a target's links by: folders end with "/" (SPEC.md §4). */
export const sharePath = (target: Pick<ShareTarget, "path" | "isDir">) =>
  target.isDir ? asFolder(target.path) : target.path;

export const fetchSharesOf = (path: string, signal?: AbortSignal) =>
  apiCall("getShares", { path, signal });

export const fetchAllShares = (signal?: AbortSignal) => apiCall("listShares", { signal });

export const createShare = (path: string, body: CreateShareBody) =>
  apiCall("createShare", { path, body });

export const deleteShare = (hash: string) => apiCall("deleteShare", { path: `/${hash}` });

export const fetchShareActivity = (hash: string, signal?: AbortSignal) =>
  apiCall("shareActivity", { params: { hash }, signal });

/** The public page of a link: `{origin}{baseURL}/share/{hash}`. */
export function shareUrl(share: Pick<Share, "hash">): string {
  return `${window.location.origin}${getGlobals().BaseURL}/share/${encodeURIComponent(share.hash)}`;
}

/** Direct download of a shared file: `{origin}{baseURL}/api/public/dl/{hash}`. */
export function shareDownloadUrl(share: Pick<Share, "hash">): string {
  return `${window.location.origin}${getGlobals().BaseURL}/api/public/dl/${encodeURIComponent(share.hash)}`;
}

/** A file link anyone holding it can download from directly (no password to type first). */
export const hasDirectDownload = (share: Share) =>
  share.mode === "read" && !share.path.endsWith("/") && !share.hasPassword;

/** What the create form holds, as typed. */
export interface ShareForm {
  /** Duration digits; "" or "0" is a permanent link. */
  duration: string;
  unit: ShareUnit;
  password: string;
  mode: ShareMode;
  /** Optional limits as typed; "" or "0" is no limit. */
  maxDownloads: string;
  /** Megabytes (1 MB = 1024 × 1024 bytes, SPEC.md §9). */
  maxUploadMB: string;
  maxUploads: string;
}

export const EMPTY_SHARE_FORM: ShareForm = {
  duration: "",
  unit: "hours",
  password: "",
  mode: "read",
  maxDownloads: "",
  maxUploadMB: "",
  maxUploads: "",
};

const MB = 1024 * 1024;

/** A whole number of at least 1 from the text, or undefined for "" and 0 (no limit). */
function positiveCount(text: string): number | undefined {
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Why the form cannot be sent (an i18n key), or null when it can. */
export function shareFormError(
  form: ShareForm,
): "share.invalidDuration" | "share.invalidLimit" | null {
  const duration = form.duration.trim();
  if (duration !== "" && (!/^\d+$/.test(duration) || Number(duration) > SHARE_DURATION_MAX)) {
    return "share.invalidDuration";
  }
  const limits = [form.maxDownloads, form.maxUploadMB, form.maxUploads];
  if (limits.some((text) => text.trim() !== "" && !/^\d+(\.\d+)?$/.test(text.trim()))) {
    return "share.invalidLimit";
  }
  return null;
}

/**
 * The JSON of POST /api/share{path} (SPEC.md §5): the duration as digits with its unit, none
 * when 0 or empty; the password trimmed; the mode (drop boxes for folders only) and the limits
 * that are set — the size and file limits only for drop boxes.
 */
export function createShareBody(form: ShareForm, isDir: boolean): CreateShareBody {
  const mode: ShareMode = isDir ? form.mode : "read";
  const body: CreateShareBody = { password: form.password.trim(), mode };
  const duration = form.duration.trim();
  if (/^\d+$/.test(duration) && Number(duration) > 0) {
    body.expires = String(Number(duration));
    body.unit = form.unit;
  }
  const maxDownloads = positiveCount(form.maxDownloads);
  if (maxDownloads !== undefined && mode === "read") body.maxDownloads = maxDownloads;
  if (mode === "upload") {
    const megabytes = Number(form.maxUploadMB.trim());
    if (Number.isFinite(megabytes) && megabytes > 0) {
      body.maxUploadBytes = Math.round(megabytes * MB);
    }
    const maxUploads = positiveCount(form.maxUploads);
    if (maxUploads !== undefined) body.maxUploads = maxUploads;
  }
  return body;
}
