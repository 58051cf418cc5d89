import { apiCall } from "../../api/client";
import { encodePath } from "../../lib/paths";

/** An item to move, copy or delete: its path and name (SPEC.md §3 Clipboard items). */
export interface OrganiseItem {
  /** Decoded path of the item, without a trailing slash. */
  from: string;
  name: string;
  isDir: boolean;
}

export interface PatchFlags {
  /** Replace what is at the destination (needs the modify permission too). */
  override?: boolean;
  /** Let the server pick the first free name(1).ext at the destination. */
  rename?: boolean;
}

/**
 * PATCH /api/resources{from}?action=copy|rename: copies or moves one item to `to` (API.md
 * §2.9). The server decodes `destination` twice, so it is the segment-encoded path, which the
 * query string encodes once more.
 */
export async function patchItem(
  action: "copy" | "rename",
  from: string,
  to: string,
  flags: PatchFlags = {},
): Promise<void> {
  await apiCall("patchResource", {
    path: from,
    query: {
      action,
      destination: encodePath(to),
      override: String(Boolean(flags.override)),
      rename: String(Boolean(flags.rename)),
    },
  });
}

/** DELETE /api/resources{path}: removes a file or a folder with its contents. */
export async function deleteItem(path: string): Promise<void> {
  await apiCall("deleteResource", { path });
}

/** One item's failure, for the error toast. */
export interface ItemFailure {
  item: OrganiseItem;
  error: unknown;
}

/**
 * Runs `work` for every item in parallel (the UI sends one request per item, API.md §2.9) and
 * waits for all of them, so one failure never hides the others' results.
 */
export async function forEachItem(
  items: readonly OrganiseItem[],
  work: (item: OrganiseItem) => Promise<void>,
): Promise<{ done: OrganiseItem[]; failed: ItemFailure[] }> {
  const results = await Promise.allSettled(items.map((item) => work(item)));
  const done: OrganiseItem[] = [];
  const failed: ItemFailure[] = [];
  results.forEach((result, index) => {
    const item = items[index] as OrganiseItem;
    if (result.status === "fulfilled") done.push(item);
    else failed.push({ item, error: result.reason });
  });
  return { done, failed };
}
