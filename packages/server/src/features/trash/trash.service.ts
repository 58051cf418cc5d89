import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TrashItem, TrashListQuery } from "@scriptorium/shared";
import { AppError, forbidden, notFound } from "../../errors.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { TrashBin } from "../../storage/trash-bin.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord, UsersStore } from "../users/users.store.js";
import type { TrashRecord, TrashStore } from "./trash.store.js";
import { createTrashUpkeep } from "./trash-upkeep.js";

/** Names tried beside a taken one before a restore gives up. */
const MAX_RESTORED_NAMES = 100;

/**
 * The n-th name tried for a restore: the name itself, then "nota (restored).txt",
 * "nota (restored 2).txt"… A file keeps its extension (from the last dot, not a leading one);
 * a folder's name is taken whole ("liber1 (restored)").
 */
export function restoredName(name: string, n: number, isDir = false): string {
  if (n === 0) return name;
  const dot = isDir ? -1 : name.lastIndexOf(".");
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return n === 1 ? `${base} (restored)${ext}` : `${base} (restored ${n})${ext}`;
}

const gone = () => notFound("No such item in the trash");

/** What a client sees of a record: no owner id, storage place or state; the time as ISO 8601. */
function toItem({
  userId: _owner,
  stored: _stored,
  state: _state,
  deletedAt,
  ...shown
}: TrashRecord): TrashItem {
  return { ...shown, deletedAt: new Date(deletedAt).toISOString() };
}

/** The version history of what goes into the trash (features/versions): it goes along. */
export interface TrashVersions {
  /** The history of the entry at real path `real` goes into item `id`. */
  toTrash(real: string, id: string): Promise<void>;
  /** Item `id` is back, at real path `real`: so is its history. */
  fromTrash(id: string, real: string): Promise<void>;
  /** Item `id` is gone for ever: its history too. */
  drop(id: string): Promise<void>;
}

/** The real path of an entry resolved without following a link at its name. */
async function realEntry(fs: UserFs, abs: string): Promise<string> {
  return path.join(await fs.realOf(path.dirname(abs)), path.basename(abs));
}

export interface TrashDeps {
  store: TrashStore;
  bin: TrashBin;
  storage: Storage;
  settings: SettingsStore;
  users: UsersStore;
  events: FileEvents;
  versions?: TrashVersions;
}

/**
 * Moves the entry `target` of the user's view into the user's trash; false when the settings
 * keep nothing (the caller deletes at once). 404 when nothing is there.
 */
async function putInTrash(
  deps: TrashDeps,
  upkeep: ReturnType<typeof createTrashUpkeep>,
  user: UserRecord,
  fs: UserFs,
  target: ResolvedPath,
): Promise<boolean> {
  const { store, bin } = deps;
  if ((await deps.settings.getSettings()).trash.days === 0) return false;
  const info = await fs.lstat(target.abs);
  const id = randomBytes(16).toString("base64url");
  const record: TrashRecord = {
    id,
    userId: user.id,
    path: target.path,
    name: path.posix.basename(target.path),
    isDir: info.isDirectory(),
    size: 0,
    deletedAt: Date.now(),
    deletedBy: user.username,
    stored: `${user.id}/${id}`,
    state: "pending",
  };
  const real = await realEntry(fs, target.abs);
  await store.insert(record);
  let moved: Awaited<ReturnType<TrashBin["moveIn"]>>;
  try {
    moved = await bin.moveIn(fs, target.abs, target.path, record.stored);
  } catch (err) {
    await bin.remove(record.stored);
    await store.remove(id);
    throw err;
  }
  await store.setState(id, "kept", moved.size);
  // Once the item is kept, its history goes along (a crash before leaves it at the old path).
  await deps.versions?.toTrash(real, id);
  // Across filesystems the copy is kept first; only then does the source go.
  await moved.removeSource?.();
  await upkeep.keepUnderLimit(user.id);
  return true;
}

/**
 * Each user's trash: deleting through the app moves the entry here (unless the settings keep
 * nothing: `trash.days` 0), and the owner lists, restores and deletes for ever. A row is written
 * `pending` before anything moves and becomes `kept` once the content is in the trash; a restore
 * marks it `restoring` first (trash-upkeep.ts reconciles both after a crash).
 */
export function createTrashService(deps: TrashDeps) {
  const { store, bin } = deps;
  const upkeep = createTrashUpkeep(deps);

  /** The item `id` of `user`, hidden (404) when the owner's rules now deny its path. */
  async function ownItem(user: UserRecord, fs: UserFs, id: string): Promise<TrashRecord> {
    const item = await store.findOf(user.id, id);
    if (!item || !fs.allowed(item.path)) throw gone();
    return item;
  }

  /** Moves the item's content out to its name in `parent`, or the first free restored name. */
  async function placeBack(fs: UserFs, parent: string, item: TrashRecord): Promise<ResolvedPath> {
    for (let n = 0; n < MAX_RESTORED_NAMES; n++) {
      const dest = await fs.resolve(fs.child(parent, restoredName(item.name, n, item.isDir)), {
        followLink: false,
      });
      try {
        await bin.moveOut(fs, item.stored, item.name, dest.abs);
        return dest;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "EEXIST" || (err instanceof AppError && err.code === "ALREADY_EXISTS"))
          continue;
        throw err;
      }
    }
    throw new AppError("ALREADY_EXISTS", "Every restored name is taken");
  }

  return {
    ...upkeep,

    /** The ids of every item (whatever its state): what versions of trash items may name. */
    ids: async () => new Set((await store.all()).map((item) => item.id)),

    /**
     * Moves the entry `target` of the user's view into the user's trash; false when the settings
     * keep nothing (the caller deletes at once). 404 when nothing is there.
     */
    put: (user: UserRecord, fs: UserFs, target: ResolvedPath) =>
      putInTrash(deps, upkeep, user, fs, target),

    /** GET /api/trash: the caller's items (an admin: `?user=`), newest first, as rules allow. */
    async list(actor: UserRecord, query: TrashListQuery): Promise<TrashItem[]> {
      let owner = actor;
      if (query.user !== undefined && query.user !== actor.id) {
        if (!actor.perm.admin) throw forbidden("Only administrators see another user's trash");
        const found = await deps.users.findById(query.user);
        if (!found) throw notFound("No such user");
        owner = found;
      }
      const fs = await deps.storage.forUser(owner);
      return (await store.keptOf(owner.id)).filter((i) => fs.allowed(i.path)).map(toItem);
    },

    /** POST /api/trash/{id}/restore: back at its path in the owner's current scope. */
    async restore(user: UserRecord, id: string): Promise<{ path: string }> {
      if (!user.perm.create) throw forbidden("You may not create files");
      const fs = await deps.storage.forUser(user);
      const item = await ownItem(user, fs, id);
      const parent = await fs.resolve(path.posix.dirname(item.path), { followLink: true });
      await fs.mkdir(parent.abs);
      // One restore at a time: a second one finds the item no longer kept.
      if (!(await store.transition(id, "kept", "restoring"))) throw gone();
      let dest: ResolvedPath;
      try {
        dest = await placeBack(fs, parent.path, item);
      } catch (err) {
        await store.transition(id, "restoring", "kept");
        throw err;
      }
      await store.remove(id);
      await deps.versions?.fromTrash(id, await realEntry(fs, dest.abs));
      await bin.remove(item.stored);
      deps.events.emit({ type: "restored", userId: user.id, abs: dest.abs });
      return { path: dest.path };
    },

    /** DELETE /api/trash/{id}: gone for ever. */
    async remove(user: UserRecord, id: string): Promise<void> {
      if (!user.perm.delete) throw forbidden("You may not delete files");
      const item = await ownItem(user, await deps.storage.forUser(user), id);
      await upkeep.drop(item);
    },

    /** DELETE /api/trash: every item of the caller's trash, gone for ever. */
    async empty(user: UserRecord): Promise<void> {
      if (!user.perm.delete) throw forbidden("You may not delete files");
      for (const item of await store.keptOf(user.id)) await upkeep.drop(item);
    },

    /** Before a user is deleted: their trash goes with them. */
    async dropUser(userId: number): Promise<void> {
      for (const item of await store.keptOf(userId)) {
        await store.remove(item.id);
        await deps.versions?.drop(item.id);
      }
      await bin.removeUser(userId);
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
