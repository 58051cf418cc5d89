import type { PublicShare } from "@scriptorium/shared";
import { useCallback, useEffect, useState } from "react";
import { isStatusError } from "../../api/errors";
import { fetchPublicShare } from "./public-share-api";

/**
 * Passwords the visitor typed, by link, for this page's lifetime only (never stored): the
 * listings of sub-folders and the drop box's uploads send them again.
 */
const passwords = new Map<string, string>();

export function sharePassword(hash: string): string | undefined {
  return passwords.get(hash);
}

/** What the share page shows. */
export type ShareState =
  | { kind: "loading" }
  /** 401: the link needs a password; `wrong` after a password was refused. */
  | { kind: "password"; wrong: boolean; busy: boolean }
  | { kind: "error"; error: unknown }
  | { kind: "ready"; share: PublicShare; refreshing: boolean };

type Settled =
  | { kind: "password"; wrong: boolean }
  | { kind: "error"; error: unknown }
  | { kind: "ready"; share: PublicShare };

/**
 * Loads `{hash}{path}` for a visitor, with the password given earlier for that link. A 401
 * asks for the password; one refused after it was sent says so (SPEC.md §8). `submit` tries
 * a password; `refresh` reloads in place (the page stays while the answer comes).
 */
export function usePublicShare(hash: string, path: string) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ place: string; attempt: number; state: Settled }>();
  const place = `${hash}\n${path}`;

  useEffect(() => {
    const controller = new AbortController();
    const password = passwords.get(hash);
    const settle = (state: Settled) => setSettled({ place, attempt, state });
    fetchPublicShare(hash, path, password, controller.signal).then(
      (share) => settle({ kind: "ready", share }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isStatusError(error, 401)) {
          passwords.delete(hash);
          settle({ kind: "password", wrong: password !== undefined });
        } else settle({ kind: "error", error });
      },
    );
    return () => controller.abort();
  }, [hash, path, place, attempt]);

  const submit = useCallback(
    (password: string) => {
      passwords.set(hash, password);
      setAttempt((n) => n + 1);
    },
    [hash],
  );
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  let state: ShareState = { kind: "loading" };
  if (settled?.place === place) {
    const current = settled.attempt === attempt;
    if (settled.state.kind === "password") state = { ...settled.state, busy: !current };
    else if (settled.state.kind === "ready") state = { ...settled.state, refreshing: !current };
    else if (current) state = settled.state;
  }
  return { state, submit, refresh };
}
