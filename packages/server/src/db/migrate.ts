import { Migrator, type Kysely, type Migration } from "kysely";
import * as m001 from "./migrations/001-initial.js";
import * as m002 from "./migrations/002-uploads.js";
import * as m003 from "./migrations/003-shares.js";
import * as m004 from "./migrations/004-session-clients.js";

/** Versioned migrations, applied in name order. Never edit one that has shipped; add a new one. */
const migrations: Record<string, Migration> = {
  "001-initial": m001,
  "002-uploads": m002,
  "003-shares": m003,
  "004-session-clients": m004,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}
