import { SERVE_DEFAULTS } from "../config.js";
import { openDatabase, type Db } from "../db/database.js";
import { databaseLocation } from "../db/engine.js";
import { AppError } from "../errors.js";
import { createSettingsStore } from "../features/settings/settings.store.js";
import { createUsersStore, type UserRecord } from "../features/users/users.store.js";
import { UsageError } from "./args.js";

/** The user named by an id or a username; a usage error when there is none. */
export async function findUser(db: Db, ref: string): Promise<UserRecord> {
  const store = createUsersStore(db);
  const user = /^\d+$/.test(ref)
    ? await store.findById(Number(ref))
    : await store.findByUsername(ref);
  if (!user) throw new UsageError(`no user "${ref}"`);
  return user;
}

/** Opens the database (creating it with default settings when missing) for one users command. */
export async function withUsers<T>(database: string | undefined, use: (db: Db) => Promise<T>) {
  const db = await openDatabase(databaseLocation(database ?? SERVE_DEFAULTS.database));
  try {
    const settings = createSettingsStore(db);
    if (!(await settings.isInitialised())) await settings.setSettings(await settings.getSettings());
    return await use(db);
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  } finally {
    await db.destroy();
  }
}
