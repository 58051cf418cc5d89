import type { TrashBin } from "../../storage/trash-bin.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { TrashRecord, TrashStore } from "./trash.store.js";

const DAY_MS = 86_400_000;

/**
 * What keeps the trash in order: removal for ever, the retention sweep (older than the settings'
 * days, then oldest first while a user holds more than the limit), and the reconciliation at
 * start of rows and content a crash left between two steps.
 */
export function createTrashUpkeep(deps: {
  store: TrashStore;
  bin: TrashBin;
  settings: SettingsStore;
  versions?: { drop(id: string): Promise<void> };
}) {
  const { store, bin } = deps;

  /** Content first, then the row: a crash between leaves a row the start drops. */
  async function drop(item: TrashRecord): Promise<void> {
    await bin.remove(item.stored);
    await store.remove(item.id);
    await deps.versions?.drop(item.id);
  }

  async function keepUnderLimit(userId: number, max?: number): Promise<void> {
    const limit = max ?? (await deps.settings.getSettings()).trash.maxBytesPerUser;
    if (limit <= 0) return;
    const items = await store.keptOf(userId, "oldest");
    let total = items.reduce((sum, item) => sum + item.size, 0);
    for (const item of items) {
      if (total <= limit) return;
      await drop(item);
      total -= item.size;
    }
  }

  return {
    drop,
    /** Drops a user's oldest items while their trash holds more than the settings allow. */
    keepUnderLimit,

    /** The retention sweep: by age, then by size per user. Returns the items dropped. */
    async sweep(now = Date.now()): Promise<number> {
      const { days, maxBytesPerUser } = (await deps.settings.getSettings()).trash;
      let dropped = 0;
      for (const item of await store.keptBefore(now - days * DAY_MS)) {
        await drop(item);
        dropped++;
      }
      if (maxBytesPerUser > 0) {
        for (const userId of await store.usersOver(maxBytesPerUser)) {
          const before = (await store.keptOf(userId, "oldest")).length;
          await keepUnderLimit(userId, maxBytesPerUser);
          dropped += before - (await store.keptOf(userId, "oldest")).length;
        }
      }
      return dropped;
    },

    /**
     * After a crash: a `pending` row whose content is complete in the trash is kept (its source,
     * if a copy's removal was cut short, stays where it was: nothing is lost), one without content
     * is dropped with any partial copy (the entry never left); a `restoring` row whose content
     * is still in the trash is kept again, one without content was restored; a `kept` row
     * without content is dropped; content without a row (a removal cut short) is removed.
     */
    async reconcile(): Promise<void> {
      const rows = await store.all();
      for (const row of rows) {
        const holds = await bin.holds(row.stored, row.name);
        if (row.state === "pending" && holds) {
          await store.setState(row.id, "kept", await bin.sizeOf(row.stored, row.name));
        } else if (row.state === "restoring" && holds) {
          await store.setState(row.id, "kept");
        } else if (!holds) {
          await bin.remove(row.stored);
          await store.remove(row.id);
        }
      }
      const known = new Set(rows.map((row) => row.stored));
      for (const stored of await bin.items()) if (!known.has(stored)) await bin.remove(stored);
    },
  };
}
