import type { QueryClient } from "@tanstack/react-query";
import { trackAction } from "../../actions/action-status";
import { handleError } from "../../state/handle-error";
import i18n from "../../i18n";
import { fetchResource, resourceKey } from "../../api/resource-api";
import { showPrompt } from "../../prompts";
import { showSuccess } from "../../state/toast-store";
import { forgetPaths } from "./clipboard-store";
import { entersItself, findConflicts, flagsFor, type ConflictChoice } from "./conflicts";
import { isolatePath, parentFolder } from "../../lib/paths";
import { forEachItem, patchItem, type ItemFailure, type OrganiseItem } from "./organise-api";
import { BatchFailed, reportFailures } from "./report";

export interface TransferRequest {
  mode: "copy" | "move";
  items: readonly OrganiseItem[];
  /** The destination folder (decoded, ending with "/"). */
  destination: string;
  queryClient: QueryClient;
  /** The user may overwrite files (modify permission): Replace is offered on a conflict. */
  canReplace: boolean;
  /** The action whose buttons show the progress (SPEC.md §4). */
  trackId: string;
}

export interface TransferResult {
  done: OrganiseItem[];
  failed: ItemFailure[];
}

/** Every listing, the destination's and the source's included, loads again. */
export function reloadListings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ["resource"] });
}

/** The replace-rename prompt as a promise: the user's choice, or null when cancelled. */
export function askConflict(
  conflicts: readonly string[],
  canReplace: boolean,
): Promise<ConflictChoice | null> {
  return new Promise((resolve) => {
    showPrompt({ name: "replaceRename", conflicts, canReplace, choose: resolve }, () =>
      resolve(null),
    );
  });
}

/**
 * Moves or copies items into a folder (SPEC.md §5). Copying into their own folder renames
 * them (name(1).ext) without asking; moving there does nothing. Otherwise the destination's
 * names are compared with the items' and a conflict asks rename, replace or cancel. One PATCH
 * per item, in parallel; then the listings reload and failures show the server's message.
 * Resolves to null when nothing was sent (cancelled, or nothing to do).
 */
export async function transferItems(request: TransferRequest): Promise<TransferResult | null> {
  const { mode, items, destination, queryClient } = request;
  if (items.length === 0) return null;
  if (entersItself(destination, items)) {
    handleError(new Error(i18n.t("organise.intoItself")));
    return null;
  }
  const sameFolder = items.every((item) => parentFolder(item.from) === destination);
  if (sameFolder && mode === "move") return null;

  let conflicts: ReadonlySet<string>;
  let choice: ConflictChoice | null = null;
  if (sameFolder) {
    conflicts = new Set(items.map((item) => item.name));
    choice = "rename";
  } else {
    const listing = await queryClient.fetchQuery({
      queryKey: resourceKey(destination),
      queryFn: ({ signal }) => fetchResource(destination, signal),
      staleTime: 0,
    });
    conflicts = new Set(findConflicts(items, listing.items ?? []));
    if (conflicts.size > 0) {
      choice = await askConflict([...conflicts], request.canReplace);
      if (!choice) return null;
    }
  }

  const action = mode === "move" ? "rename" : "copy";
  const batch = forEachItem(items, (item) =>
    patchItem(action, item.from, destination + item.name, flagsFor(item.name, conflicts, choice)),
  );
  let result: TransferResult;
  try {
    result = await trackAction(
      request.trackId,
      batch.then((outcome) => {
        if (outcome.failed.length > 0) throw new BatchFailed(outcome.failed);
        return outcome;
      }),
    );
  } catch (err) {
    if (!(err instanceof BatchFailed)) throw err;
    result = await batch;
  }

  if (mode === "move") forgetPaths(result.done.map((item) => item.from));
  await reloadListings(queryClient);
  reportFailures(result.failed, items.length);
  if (result.done.length > 0) {
    const key = mode === "move" ? "organise.moved" : "organise.copied";
    showSuccess(i18n.t(key, { folder: isolatePath(destination) }));
  }
  return result;
}
