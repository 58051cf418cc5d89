/*
 * What this tab itself is changing on the server: requests that write (apiCall's other methods
 * than GET, uploads), in flight or just ended. A live change the user made (GET /api/events
 * names them) while this tab was writing is taken for this tab's own, which reloads its
 * listings by itself: no news for the user.
 */

let inFlight = 0;
let lastEnd = Number.NEGATIVE_INFINITY;

/** A write starts; call the returned function (once) when it has ended, however it ended. */
export function beginWrite(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    lastEnd = Date.now();
  };
}

/** Ends the write begun with `end` once `work` settles; `work` is handed back unchanged. */
export function endWhenSettled<T>(work: Promise<T>, end: () => void): Promise<T> {
  work.then(end, end);
  return work;
}

/** This tab is writing, or stopped at most `withinMs` ago. */
export function wroteLately(withinMs: number, now = Date.now()): boolean {
  return inFlight > 0 || now - lastEnd <= withinMs;
}
