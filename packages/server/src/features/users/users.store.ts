import type { Selectable } from "kysely";
import type { Perm, Rule, Sorting, User, ViewMode } from "@scriptorium/shared";
import type { Db } from "../../db/database.js";
import { advanceSequence } from "../../db/engine.js";
import { createReadCache } from "../../db/read-cache.js";
import type { UsersTable } from "../../db/schema.js";

/** A stored user: the API's User without the blank password, plus what only the server sees. */
export interface UserRecord extends Omit<User, "password"> {
  passwordHash: string;
  /** Unix seconds of the last change. */
  updatedAt: number;
}

export type NewUser = Omit<UserRecord, "id" | "updatedAt">;

/** Case-insensitive, NFC-normalised key that makes usernames unique (API.md Part A §14). */
export function usernameKey(username: string): string {
  return username.normalize("NFC").toLowerCase();
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    scope: row.scope,
    locale: row.locale,
    lockPassword: row.lock_password === 1,
    viewMode: row.view_mode as ViewMode,
    singleClick: row.single_click === 1,
    perm: JSON.parse(row.perm) as Perm,
    commands: JSON.parse(row.commands) as string[],
    sorting: JSON.parse(row.sorting) as Sorting,
    rules: JSON.parse(row.rules) as Rule[],
    hideDotfiles: row.hide_dotfiles === 1,
    dateFormat: row.date_format === 1,
    updatedAt: row.updated_at,
  };
}

function toRow(user: NewUser) {
  return {
    username: user.username,
    username_key: usernameKey(user.username),
    password_hash: user.passwordHash,
    scope: user.scope,
    locale: user.locale,
    lock_password: user.lockPassword ? 1 : 0,
    view_mode: user.viewMode,
    single_click: user.singleClick ? 1 : 0,
    perm: JSON.stringify(user.perm),
    commands: JSON.stringify(user.commands),
    sorting: JSON.stringify(user.sorting),
    rules: JSON.stringify(user.rules),
    hide_dotfiles: user.hideDotfiles ? 1 : 0,
    date_format: user.dateFormat ? 1 : 0,
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** All SQL of the `users` table. */
export function createUsersStore(db: Db) {
  const rowsById = createReadCache<Selectable<UsersTable>>(db);
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async list(): Promise<UserRecord[]> {
      const rows = await db.selectFrom("users").selectAll().orderBy("id").execute();
      return rows.map(toRecord);
    },

    /** Every authenticated request's lookup: the row is kept until the database changes. */
    async findById(id: number): Promise<UserRecord | undefined> {
      const row = await rowsById(String(id), () =>
        db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst(),
      );
      return row && toRecord(row);
    },

    async findByUsername(username: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("username_key", "=", usernameKey(username))
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The user `noauth` logs in as: the lowest id. */
    async first(): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom("users")
        .selectAll()
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async countAdmins(): Promise<number> {
      const users = await this.list();
      return users.filter((u) => u.perm.admin).length;
    },

    /**
     * Inserts a user, with the given id when there is one (the File Browser importer keeps
     * ids); throws the engine's unique error (see `isUniqueViolation`) when the username or the id is taken.
     */
    async insert(user: NewUser, opts: { id?: number } = {}): Promise<UserRecord> {
      const now = nowSeconds();
      const result = await db
        .insertInto("users")
        .values({
          ...toRow(user),
          ...(opts.id !== undefined && { id: opts.id }),
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(result.id);
      // PostgreSQL's sequence does not see a given id: it moves past it so the next user's
      // generated id is free.
      if (opts.id !== undefined) await advanceSequence(db, "users", "id");
      return { ...user, id, updatedAt: now };
    },

    /** Replaces the stored fields of a user and marks it updated now. */
    async update(user: UserRecord): Promise<UserRecord> {
      const now = nowSeconds();
      await db
        .updateTable("users")
        .set({ ...toRow(user), updated_at: now })
        .where("id", "=", user.id)
        .execute();
      return { ...user, updatedAt: now };
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;

/** True when an error is SQLite's unique-constraint failure. */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  // SQLite's message, or PostgreSQL's SQLSTATE 23505 (unique_violation).
  return (
    /UNIQUE constraint failed/i.test(err.message) || (err as { code?: unknown }).code === "23505"
  );
}
