import { sql, type Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import { pathBelow } from "../../db/engine.js";
import type { VersionBlobsTable, VersionsTable } from "../../db/schema.js";

export type VersionState = "pending" | "kept";

export interface VersionRecord {
  id: string;
  /** The file's path relative to the files root, links resolved. */
  path: string;
  trashId: string | null;
  size: number;
  hash: string | null;
  author: string;
  replacedBy: string;
  /** Unix milliseconds. */
  madeAt: number;
  label: string | null;
  state: VersionState;
}

export type BlobRecord = Selectable<VersionBlobsTable>;

function toRecord(row: Selectable<VersionsTable>): VersionRecord {
  return {
    id: row.id,
    path: row.path,
    trashId: row.trash_id,
    size: row.size,
    hash: row.hash,
    author: row.author,
    replacedBy: row.replaced_by,
    madeAt: row.made_at,
    label: row.label,
    state: row.state as VersionState,
  };
}

/** Characters of a string as SQLite's substr counts them (code points, not UTF-16 units). */
const chars = (s: string) => [...s].length;

/** All SQL of the `versions` and `version_blobs` tables. */
export function createVersionsStore(db: Db) {
  return {
    async insert(v: VersionRecord): Promise<void> {
      await db
        .insertInto("versions")
        .values({
          id: v.id,
          path: v.path,
          trash_id: v.trashId,
          size: v.size,
          hash: v.hash,
          author: v.author,
          replaced_by: v.replacedBy,
          made_at: v.madeAt,
          label: v.label,
          state: v.state,
        })
        .execute();
    },

    async find(id: string): Promise<VersionRecord | undefined> {
      const row = await db
        .selectFrom("versions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The versions of the file at `path` (not in the trash), newest first. */
    async ofPath(path: string, state?: VersionState): Promise<VersionRecord[]> {
      let q = db
        .selectFrom("versions")
        .selectAll()
        .where("path", "=", path)
        .where("trash_id", "is", null);
      if (state) q = q.where("state", "=", state);
      const rows = await q.orderBy("made_at", "desc").orderBy("id", "desc").execute();
      return rows.map(toRecord);
    },

    async pending(): Promise<VersionRecord[]> {
      const rows = await db
        .selectFrom("versions")
        .selectAll()
        .where("state", "=", "pending")
        .orderBy("made_at")
        .execute();
      return rows.map(toRecord);
    },

    async markKept(id: string, hash: string): Promise<void> {
      await db.updateTable("versions").set({ state: "kept", hash }).where("id", "=", id).execute();
    },

    async setLabel(id: string, label: string | null): Promise<void> {
      await db.updateTable("versions").set({ label }).where("id", "=", id).execute();
    },

    async remove(ids: readonly string[]): Promise<void> {
      if (ids.length) await db.deleteFrom("versions").where("id", "in", ids).execute();
    },

    /**
     * The history of `from` (a file, or a folder: every file below) now belongs to `to`, in one
     * statement. Only rows outside the trash move.
     */
    async movePath(from: string, to: string): Promise<void> {
      await db
        .updateTable("versions")
        .set({ path: sql<string>`${to} || substr(path, ${chars(from) + 1})` })
        .where("trash_id", "is", null)
        .where((eb) => eb.or([eb("path", "=", from), pathBelow(db, "path", from)]))
        .execute();
    },

    /**
     * The history of `path` (and below) goes into the trash item `trashId`, its paths kept
     * relative to the item ("" for the file itself, "/sub/a.tex" below a folder).
     */
    async toTrash(path: string, trashId: string): Promise<void> {
      await db
        .updateTable("versions")
        .set({ trash_id: trashId, path: sql<string>`substr(path, ${chars(path) + 1})` })
        .where("trash_id", "is", null)
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .execute();
    },

    /** The history of trash item `trashId` is back, its item now at `to`. */
    async fromTrash(trashId: string, to: string): Promise<void> {
      await db
        .updateTable("versions")
        .set({ trash_id: null, path: sql<string>`${to} || path` })
        .where("trash_id", "=", trashId)
        .execute();
    },

    /** The history of `path` (and below) outside the trash goes (the file was removed). */
    async forget(path: string): Promise<void> {
      await db
        .deleteFrom("versions")
        .where("trash_id", "is", null)
        .where((eb) => eb.or([eb("path", "=", path), pathBelow(db, "path", path)]))
        .execute();
    },

    async dropTrash(trashId: string): Promise<void> {
      await db.deleteFrom("versions").where("trash_id", "=", trashId).execute();
    },

    /** Trash ids the versions name (the start drops those whose item is gone). */
    async trashIds(): Promise<string[]> {
      const rows = await db
        .selectFrom("versions")
        .select("trash_id")
        .distinct()
        .where("trash_id", "is not", null)
        .execute();
      return rows.map((r) => r.trash_id as string);
    },

    /** Every path with kept versions outside the trash. */
    async paths(): Promise<string[]> {
      const rows = await db
        .selectFrom("versions")
        .select("path")
        .distinct()
        .where("trash_id", "is", null)
        .execute();
      return rows.map((r) => r.path);
    },

    /**
     * Every kept version, oldest first, with what it costs on disk: its blob's stored bytes
     * shared among the versions that have that content (the space limit drops from the front).
     */
    async keptCosts(): Promise<
      { id: string; madeAt: number; size: number; label: string | null }[]
    > {
      const rows = await db
        .selectFrom("versions as v")
        .innerJoin("version_blobs as b", "b.hash", "v.hash")
        .select(["v.id", "v.made_at", "v.label", "b.stored"])
        .select((eb) =>
          eb
            .selectFrom("versions as o")
            .select((o) => o.fn.countAll<number>().as("n"))
            .whereRef("o.hash", "=", "v.hash")
            .as("shared"),
        )
        .where("v.state", "=", "kept")
        .orderBy("v.made_at")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        madeAt: r.made_at,
        label: r.label,
        size: r.stored / Math.max(1, Number(r.shared ?? 1)),
      }));
    },

    blob: (hash: string) =>
      db.selectFrom("version_blobs").selectAll().where("hash", "=", hash).executeTakeFirst(),

    async insertBlob(blob: BlobRecord): Promise<void> {
      await db
        .insertInto("version_blobs")
        .values(blob)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Blobs no version and no other blob refers to. */
    async unreferencedBlobs(): Promise<string[]> {
      const rows = await db
        .selectFrom("version_blobs as b")
        .select("b.hash")
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("versions as v").select("v.id").whereRef("v.hash", "=", "b.hash"),
            ),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("version_blobs as c")
                .select("c.hash")
                .whereRef("c.base", "=", "b.hash"),
            ),
          ),
        )
        .execute();
      return rows.map((r) => r.hash);
    },

    async removeBlob(hash: string): Promise<void> {
      await db.deleteFrom("version_blobs").where("hash", "=", hash).execute();
    },

    async blobHashes(): Promise<Set<string>> {
      return new Set(
        (await db.selectFrom("version_blobs").select("hash").execute()).map((r) => r.hash),
      );
    },

    /** Bytes the blobs take on disk. */
    async storedBytes(): Promise<number> {
      const row = await db
        .selectFrom("version_blobs")
        .select((eb) => eb.fn.sum<number>("stored").as("total"))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}

export type VersionsStore = ReturnType<typeof createVersionsStore>;
