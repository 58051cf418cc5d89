/**
 * How the server tells that an upload without a declared length (File Browser 2.31's dialect,
 * API.md Part A §17) has ended, and what it remembers in memory between two of its requests.
 */

/** `length` of an upload whose client declared none (yet). */
export const UNKNOWN_LENGTH = -1;

/** A lengthless upload idle this long after a whole chunk is taken as complete. */
export const SETTLE_MS = 3000;

/** How long a file put in place by guess may still be reopened by its uploader. */
export const REOPEN_MS = 3600_000;

/**
 * Whether a chunk received whole ends a lengthless upload: an empty chunk (a 0-byte file, or a
 * client confirming the end), or one shorter than a whole chunk. A whole chunk is the size the
 * page gives File Browser's web client (`TusSettings.chunkSize`, 0 meaning the file in one
 * request) or the largest chunk this upload already sent, whichever is larger.
 */
export function endsUpload(bytes: number, configured: number, largestBefore: number): boolean {
  const whole = Math.max(configured > 0 ? configured : Infinity, largestBefore);
  return bytes === 0 || bytes < whole;
}

export interface Placed {
  userId: number;
  ino: number;
  size: number;
}

/** Per-target memory of lengthless uploads: chunk sizes, settle timers, files placed by guess. */
export function createUploadEnds() {
  const largest = new Map<string, number>();
  const settling = new Map<string, NodeJS.Timeout>();
  const placed = new Map<string, Placed & { timer: NodeJS.Timeout }>();

  function unsettle(target: string): void {
    clearTimeout(settling.get(target));
    settling.delete(target);
  }

  return {
    largest: (target: string) => largest.get(target) ?? 0,
    sawChunk(target: string, bytes: number): void {
      largest.set(target, Math.max(bytes, largest.get(target) ?? 0));
    },
    /** Runs `settle` after SETTLE_MS unless another request on `target` comes first. */
    settleLater(target: string, settle: () => Promise<void>, ms = SETTLE_MS): void {
      unsettle(target);
      const timer = setTimeout(() => {
        settling.delete(target);
        // The app may be closing: a failed late rename leaves the staged file for the sweep.
        void settle().catch(() => undefined);
      }, ms);
      timer.unref();
      settling.set(target, timer);
    },
    unsettle,
    /** A lengthless upload was put in place: its uploader may still send more (reopen). */
    placedByGuess(target: string, file: Placed): void {
      clearTimeout(placed.get(target)?.timer);
      largest.delete(target);
      const timer = setTimeout(() => placed.delete(target), REOPEN_MS);
      timer.unref();
      placed.set(target, { ...file, timer });
    },
    /** The file placed by guess at `target`, if `userId` may reopen it; forgets it. */
    takePlaced(target: string, userId: number): Placed | undefined {
      const entry = placed.get(target);
      if (!entry || entry.userId !== userId) return undefined;
      clearTimeout(entry.timer);
      placed.delete(target);
      return entry;
    },
    /** Forgets everything about `target` (a new upload, a cancel, a finished one). */
    forget(target: string): void {
      unsettle(target);
      largest.delete(target);
      clearTimeout(placed.get(target)?.timer);
      placed.delete(target);
    },
  };
}

export type UploadEnds = ReturnType<typeof createUploadEnds>;
