import { isStatusError, StatusError } from "../../api/errors";
import { handleError } from "../../state/handle-error";
import type { ItemFailure } from "./organise-api";

/** The error with the item's name in front, so that several failures can be told apart. */
function named(name: string, error: unknown): unknown {
  if (isStatusError(error)) {
    // A lost connection or an ended session reads the same for every item.
    if (error.status === 0 || error.status === 401) return error;
    return new StatusError(`${name}: ${error.message}`, error.status, { code: error.code });
  }
  if (error instanceof Error) return new Error(`${name}: ${error.message}`);
  return error;
}

/**
 * Error toasts for the items that failed (SPEC.md §8: the server's message). A single item's
 * failure is shown as it is; among several, each message names its item; a failure shared by
 * all (no connection) is shown once.
 */
export function reportFailures(failed: readonly ItemFailure[], total: number): void {
  const shown = new Set<string>();
  for (const { item, error } of failed) {
    const report = total === 1 ? error : named(item.name, error);
    const key = report instanceof Error ? report.message : String(report);
    if (shown.has(key)) continue;
    shown.add(key);
    handleError(report);
  }
}

/** Thrown through trackAction so that a partly failed batch does not show the success icon. */
export class BatchFailed extends Error {
  constructor(readonly failed: readonly ItemFailure[]) {
    super("Some items failed");
    this.name = "BatchFailed";
  }
}
