import { ACTIVITY_ACTIONS, type LiveChange } from "@scriptorium/shared";
import { eventsUrl } from "../../api/activity-api";
import { useAuthStore } from "../../state/auth-store";

/*
 * The live changes of GET /api/events (issue 29): one EventSource per tab, opened while
 * something listens (an open listing, the activity dialog) and someone is logged in, closed on
 * logout. A broken stream is opened again after 1 s, then 2, 4… up to 30 s; once it is open
 * again the listeners hear `reconnected`, since changes made meanwhile were never sent.
 */

export interface LiveListener {
  change: (change: LiveChange) => void;
  /** The stream is back after a break: what it missed is unknown, so reload quietly. */
  reconnected?: () => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** The stream was open once and then broke: its next opening is a reconnection. */
let broken = false;

/** The wait before the `failures`-th new attempt: 1 s doubling, at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

const ACTIONS: ReadonlySet<string> = new Set(ACTIVITY_ACTIONS);

/** The data of a `change` event, or null when it is not a LiveChange. */
export function parseChange(data: unknown): LiveChange | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { action, path, to, user, time } = value as Record<string, unknown>;
  if (typeof action !== "string" || !ACTIONS.has(action)) return null;
  if (typeof path !== "string" || typeof user !== "string" || typeof time !== "string") return null;
  if (to !== undefined && typeof to !== "string") return null;
  return {
    action: action as LiveChange["action"],
    path,
    user,
    time,
    ...(to === undefined ? {} : { to }),
  };
}

function close(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  failures = 0;
  broken = false;
}

function open(): void {
  if (source || retryTimer !== undefined || listeners.size === 0) return;
  if (!useAuthStore.getState().jwt || typeof EventSource === "undefined") return;
  const stream = new EventSource(eventsUrl());
  source = stream;
  stream.onopen = () => {
    failures = 0;
    if (!broken) return;
    broken = false;
    for (const listener of [...listeners]) listener.reconnected?.();
  };
  stream.addEventListener("change", (event) => {
    const change = parseChange(event.data);
    if (!change) return;
    for (const listener of [...listeners]) listener.change(change);
  });
  // The browser would retry on its own, at its own pace and never after a refusal: this module
  // decides instead.
  stream.onerror = () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    broken = true;
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, retryDelay(failures));
  };
}

/** Listens to the live changes until the returned function is called. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

// Logging out ends the stream; logging in again (with listeners waiting) opens it.
useAuthStore.subscribe((state, previous) => {
  if (state.jwt === previous.jwt) return;
  if (!state.jwt) close();
  else open();
});
