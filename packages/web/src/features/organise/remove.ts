import type { QueryClient } from "@tanstack/react-query";
import { trackAction } from "../../actions/action-status";
import { forgetPaths } from "./clipboard-store";
import { deleteItem, forEachItem, type OrganiseItem } from "./organise-api";
import { BatchFailed, reportFailures } from "./report";
import { reloadListings } from "./transfer";

/**
 * Deletes the items, one DELETE each in parallel (API.md §2.8). The listing reloads in every
 * case — after a failed multi-delete too, so it shows what is really left (SPEC.md §4) — and
 * each failure shows the server's message.
 */
export async function deleteItems(
  items: readonly OrganiseItem[],
  queryClient: QueryClient,
): Promise<void> {
  const batch = forEachItem(items, (item) => deleteItem(item.from));
  try {
    await trackAction(
      "delete",
      batch.then((outcome) => {
        if (outcome.failed.length > 0) throw new BatchFailed(outcome.failed);
      }),
    );
  } catch (err) {
    if (!(err instanceof BatchFailed)) throw err;
  }
  const { done, failed } = await batch;
  forgetPaths(done.map((item) => item.from));
  await reloadListings(queryClient);
  reportFailures(failed, items.length);
}
